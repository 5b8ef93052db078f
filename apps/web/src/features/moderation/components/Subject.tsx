import { mediaUrl, type ReportSubject, type ReportTarget } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../Moderation.module.css';

/** A reported target as its viewers see it: the artwork's cover and title, the user's name, the call's title, the message. */
export function Subject({ target, subject }: { target: ReportTarget; subject: ReportSubject | null }) {
  const { t } = useTranslation('moderation');
  if (!subject) return <p className={styles.hint}>{t('queue.gone')}</p>;
  const title = subject.title || subject.text;
  return (
    <div className={styles.subject} data-testid="report-subject">
      {subject.cover ? <img src={mediaUrl(subject.cover, 312)} alt="" className={styles.thumb} width={72} height={72} /> : null}
      <div className={styles.subjectText}>
        <span className={styles.badge}>{t(`target.${target}`)}</span>
        {subject.path ? (
          <Link to={subject.path}>
            <strong>{title}</strong>
          </Link>
        ) : (
          <p className={styles.quote}>{subject.text}</p>
        )}
        {target === 'invite' && subject.text && <p>{subject.text}</p>}
        <span className={styles.meta}>
          <span>
            {t('queue.owner')}: <Link to={`/${subject.owner.slug}/`}>{subject.owner.name}</Link>
          </span>
          {subject.moderation_state === 'hidden' && <span className={styles.badge}>{t('queue.hidden')}</span>}
          {subject.suspended && <span className={styles.badge}>{t('queue.suspended')}</span>}
        </span>
      </div>
    </div>
  );
}
