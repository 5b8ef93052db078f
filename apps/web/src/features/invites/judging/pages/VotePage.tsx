import { mediaSrcSet, mediaUrl, invitePath } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../api/client.ts';
import { useCurrentUser } from '../../../../site.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useBallot, useVote } from '../api/fair.ts';
import styles from '../components/judging.module.css';

/**
 * Issue #33.7: the public vote, phone first: the shortlist as a one-column gallery of frozen entries (two or more
 * columns on wider screens), one vote button each; the chosen entry is marked and voting again moves the vote.
 */
export default function VotePage() {
  const { t } = useTranslation('judging');
  const inviteId = Number(useParams().id);
  const { data, isPending } = useBallot(inviteId);
  const vote = useVote(inviteId);
  const loggedIn = useCurrentUser() !== null;
  if (isPending || !data) return <Spinner />;
  const error = vote.error instanceof ApiError ? (Object.values(vote.error.fields)[0]?.[0] ?? vote.error.detail) : vote.error ? t('saveFailed') : null;
  const round = data.round;
  return (
    <section className="page">
      <h1>{t('vote.title', { title: data.title })}</h1>
      {!round ? (
        <p className="empty">{t('vote.none')}</p>
      ) : (
        <>
          <p className={styles.muted} data-testid="vote-state">
            {round.open ? t('vote.open', { ends: new Date(round.ends).toLocaleString() }) : t('vote.closed')}
          </p>
          {!loggedIn && round.open && (
            <p>
              <Link to={`/accounts/login/?next=${encodeURIComponent(`/goodluck/${inviteId}/vote/`)}`}>{t('vote.login')}</Link>
            </p>
          )}
          <FieldError messages={error ?? null} />
          <ul className={styles.voteGallery} data-testid="vote-gallery">
            {data.entries.map((e) => {
              const mine = data.mine === e.application;
              const key = e.snapshot.cropped_cover || e.snapshot.cover;
              return (
                <li key={e.application} className={styles.voteCard} data-testid="vote-entry">
                  {key && (
                    <img src={mediaUrl(key, 800)} srcSet={mediaSrcSet(key, 800)} sizes="(min-width: 720px) 50vw, 100vw" alt={e.snapshot.title} loading="lazy" />
                  )}
                  <h2 className={styles.voteTitle}>{e.snapshot.title}</h2>
                  {round.open && loggedIn && (
                    <button
                      type="button"
                      className={mine ? 'btn' : 'btn secondary'}
                      aria-pressed={mine}
                      disabled={vote.isPending}
                      onClick={() => vote.mutate(e.application)}
                      data-testid="vote-button"
                    >
                      {mine ? t('vote.mine') : t('vote.button')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Link to={invitePath(inviteId)}>{t('backToCall')}</Link>
    </section>
  );
}
