import { invitePath } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../api/client.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useFeedback } from '../api/fair.ts';
import styles from '../components/judging.module.css';

/**
 * Issue #33.5: the applicant reads the jury's shareable comments on their entry once the organisers released them
 * (the mail links here). No juror is named: each comment is "A juror".
 */
export default function FeedbackPage() {
  const { t } = useTranslation('judging');
  const params = useParams();
  const inviteId = Number(params.id);
  const { data, error, isPending } = useFeedback(Number(params.application));
  if (isPending) return <Spinner />;
  return (
    <section className={`page ${styles.narrow}`}>
      <h1>{t('feedback.title')}</h1>
      {error || !data ? (
        <p className="empty" role="alert">
          {error instanceof ApiError && error.detail ? error.detail : t('loadFailed')}
        </p>
      ) : (
        <>
          <p className={styles.muted} data-testid="feedback-entry">
            {data.title}
          </p>
          {!data.released ? (
            <p className="empty">{t('feedback.notYet')}</p>
          ) : !data.comments.length ? (
            <p className="empty">{t('feedback.none')}</p>
          ) : (
            <ol className={styles.list} data-testid="feedback">
              {data.comments.map((c, i) => (
                <li key={i} className={styles.row}>
                  <figure className={styles.grow}>
                    <blockquote>{c.comment}</blockquote>
                    <figcaption className={styles.muted}>{t('feedback.juror', { n: i + 1 })}</figcaption>
                  </figure>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <Link to={invitePath(inviteId)}>{t('backToCall')}</Link>
    </section>
  );
}
