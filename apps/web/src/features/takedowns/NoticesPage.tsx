import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { noticesQuery, type Takedown } from './api/takedowns.ts';
import { CounterForm } from './components/CounterForm.tsx';
import styles from './takedowns.module.css';

function Notice({ notice, artworkId }: { notice: Takedown; artworkId: number }) {
  const { t, i18n } = useTranslation('takedowns');
  return (
    <article className={styles.card} data-testid="takedown-notice" data-status={notice.status}>
      <h2>{t(`notices.status.${notice.status}`)}</h2>
      <p className={styles.meta}>
        {t('notices.from', { name: notice.name })}
        {notice.expires &&
          (notice.status === 'active' || notice.status === 'countered') &&
          ` · ${t('notices.until', { date: formatDate(notice.expires, i18n.language) })}`}
      </p>
      <h3>{t('notices.url')}</h3>
      <p className={styles.quote}>{notice.work_url}</p>
      <h3>{t('notices.original')}</h3>
      <p className={styles.quote}>{notice.original}</p>
      {notice.counter_text && (
        <>
          <h3>{t('notices.counterSent')}</h3>
          <p className={styles.quote} data-testid="counter-text">
            {notice.counter_text}
          </p>
        </>
      )}
      {notice.decision && <p>{t('notices.decision', { decision: t(`notices.decisions.${notice.decision}`) })}</p>}
      {notice.status === 'active' && <CounterForm id={notice.id} artworkId={artworkId} />}
    </article>
  );
}

/** `/notices/{artworkId}/` (issue #31): the confirmed takedown notices of the uploader's work, each with its counter-notice. */
export default function NoticesPage() {
  const { t } = useTranslation('takedowns');
  const artworkId = Number(useParams().artworkId);
  const notices = useQuery(noticesQuery(artworkId));
  const title = notices.data?.[0]?.artwork?.title;
  return (
    <div className={styles.page} data-testid="notices-page">
      <h1>{title ? t('notices.title', { title }) : t('notices.titleGone')}</h1>
      {notices.isPending ? (
        <Spinner />
      ) : notices.isError ? (
        <p className="form-error" role="alert">
          {notices.error.message}
        </p>
      ) : !notices.data.length ? (
        <p className="empty">{t('notices.empty')}</p>
      ) : (
        notices.data.map((notice) => <Notice key={notice.id} notice={notice} artworkId={artworkId} />)
      )}
    </div>
  );
}
