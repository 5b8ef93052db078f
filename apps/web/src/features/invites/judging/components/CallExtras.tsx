import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../../site.ts';
import { useBallot, useMyApplications } from '../api/fair.ts';
import styles from './judging.module.css';

/** Issue #33.7: the way to the call's public vote while it is open, and to its counts once it ended. */
function VoteLink({ inviteId }: { inviteId: number }) {
  const { t } = useTranslation('judging');
  const round = useBallot(inviteId).data?.round;
  if (!round) return null;
  return (
    <Link to={`/goodluck/${inviteId}/vote/`} className={round.open ? 'btn small' : undefined} data-testid="vote-link">
      {round.open ? t('vote.link') : t('vote.results')}
    </Link>
  );
}

/**
 * Issue #33.5 on the call's page: the viewer's own entries and, once the organisers released it, the jury's
 * shareable feedback on each (no juror named); before that, that it is not released yet.
 */
function MyEntries({ inviteId }: { inviteId: number }) {
  const { t } = useTranslation('judging');
  const entries = useMyApplications(inviteId).data?.results ?? [];
  if (!entries.length) return null;
  return (
    <section className={`${styles.section} ${styles.myEntries}`} aria-labelledby="my-entries-title" data-testid="my-entries">
      <h2 id="my-entries-title">{t('myEntries.title')}</h2>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.application} className={styles.entry}>
            <h3>{entry.title}</h3>
            {!entry.released ? (
              <p className={styles.muted}>{t('feedback.notYet')}</p>
            ) : !entry.comments.length ? (
              <p className={styles.muted}>{t('feedback.none')}</p>
            ) : (
              <ol className={styles.list} data-testid="entry-feedback" aria-label={t('feedback.title')}>
                {entry.comments.map((c, i) => (
                  <li key={i}>
                    <figure className={styles.comment}>
                      <blockquote>{c.comment}</blockquote>
                      <figcaption className={styles.muted}>{t('feedback.juror', { n: i + 1 })}</figcaption>
                    </figure>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the judging room adds to a call's page for everyone: the vote's link, and a member's own entries with feedback. */
export function CallExtras({ inviteId }: { inviteId: number }) {
  const signedIn = useCurrentUser() !== null;
  return (
    <>
      <VoteLink inviteId={inviteId} />
      {signedIn && <MyEntries inviteId={inviteId} />}
    </>
  );
}
