import { ACCOUNT_SETTINGS_PATH, invitePath, mediaUrl, type VoteBallot, widthsWithin } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../api/client.ts';
import { useCurrentUser } from '../../../../site.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { localeOf } from '../../../../ui/format.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useBallot, useVote, useVoteCounts } from '../api/fair.ts';
import styles from '../components/judging.module.css';

type Entry = VoteBallot['entries'][number];

/** What an entry offers: the vote button while open (not on one's own entry), its count once the vote ended. */
function EntryAction({
  entry,
  mine,
  canVote,
  votes,
  onVote,
  busy,
}: {
  entry: Entry;
  mine: boolean;
  canVote: boolean;
  votes?: number;
  onVote: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('judging');
  if (votes !== undefined)
    return (
      <p className={styles.voteCount} data-testid="vote-count">
        {t('vote.count', { count: votes })}
      </p>
    );
  if (entry.own)
    return (
      <p className={styles.muted} data-testid="vote-own">
        {t('vote.own')}
      </p>
    );
  if (!canVote) return null;
  return (
    <button type="button" className={mine ? 'btn' : 'btn secondary'} aria-pressed={mine} disabled={busy} onClick={onVote} data-testid="vote-button">
      {mine ? t('vote.mine') : t('vote.button')}
    </button>
  );
}

/**
 * Issue #33.7: the public vote, phone first: the shortlist as a one-column gallery of frozen entries (two or more
 * columns on wider screens), one vote button each (none on one's own entry); the chosen entry is marked and voting
 * again moves the vote. A member whose address is not confirmed is shown the way to the account settings; the counts
 * appear once the vote ended.
 */
export default function VotePage() {
  const { t, i18n } = useTranslation('judging');
  const inviteId = Number(useParams().id);
  const { data, isPending } = useBallot(inviteId);
  const vote = useVote(inviteId);
  const user = useCurrentUser();
  const counts = useVoteCounts(inviteId, data?.round?.state === 'ended');
  if (isPending || !data) return <Spinner />;
  const error = vote.error instanceof ApiError ? (Object.values(vote.error.fields)[0]?.[0] ?? vote.error.detail) : vote.error ? t('saveFailed') : null;
  const round = data.round;
  const votes = new Map(counts.data?.results.map((r) => [r.application, r.votes]));
  const when = (iso: string) => new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const unconfirmed = user !== null && !user.email_confirmed;
  return (
    <section className="page">
      <h1>{t('vote.title', { title: data.title })}</h1>
      {!round ? (
        <p className="empty">{t('vote.none')}</p>
      ) : (
        <>
          <p className={styles.muted} data-testid="vote-state">
            {round.open ? t('vote.open', { ends: when(round.ends) }) : t('vote.closed')}
            {counts.data && ` ${t('vote.total', { count: counts.data.total })}`}
          </p>
          {!user && round.open && (
            <p>
              <Link to={`/login/?redirect=${encodeURIComponent(`/goodluck/${inviteId}/vote/`)}`}>{t('vote.login')}</Link>
            </p>
          )}
          {unconfirmed && round.open && (
            <p className={styles.voteNotice} data-testid="vote-confirm-email">
              {t('vote.confirmEmail')} <Link to={ACCOUNT_SETTINGS_PATH}>{t('vote.toSettings')}</Link>
            </p>
          )}
          <FieldError messages={error ?? null} />
          <ul className={styles.voteGallery} data-testid="vote-gallery">
            {data.entries.map((e) => {
              const key = e.snapshot.cropped_cover || e.snapshot.cover;
              // Issue #34 (6): a protected entry is never offered wider than its cap.
              const [one, two = one] = widthsWithin([800, 1600], e.snapshot.max_public_width);
              return (
                <li key={e.application} className={styles.voteCard} data-testid="vote-entry">
                  {key && (
                    <img
                      src={mediaUrl(key, one)}
                      srcSet={`${mediaUrl(key, one)} 1x, ${mediaUrl(key, two)} 2x`}
                      sizes="(min-width: 720px) 50vw, 100vw"
                      alt={e.snapshot.title}
                      loading="lazy"
                    />
                  )}
                  <h2 className={styles.voteTitle}>{e.snapshot.title}</h2>
                  <EntryAction
                    entry={e}
                    mine={data.mine === e.application}
                    canVote={round.open && user !== null && !unconfirmed}
                    votes={counts.data ? (votes.get(e.application) ?? 0) : undefined}
                    onVote={() => vote.mutate(e.application)}
                    busy={vote.isPending}
                  />
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
