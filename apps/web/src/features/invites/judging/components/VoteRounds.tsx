import type { VoteRound } from '@axoo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFocusInvalid } from '../../../../kit/focus-invalid.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { fieldControl } from '../../../../ui/FormField.tsx';
import { localeOf } from '../../../../ui/format.ts';
import { useCancelVoteRound, useStartVoteRound, useVoteRounds } from '../api/fair.ts';
import { fieldsOf } from './api-errors.ts';
import styles from './judging.module.css';

interface Dates {
  starts: string;
  ends: string;
}

/** The owner's own time zone: the panel is drawn in the browser only (behind the JUDGING tab). */
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A moment as a `datetime-local` value in the owner's time zone. */
export function localInput(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** A `datetime-local` value (the owner's wall clock) as an instant; '' stays '' for the server to name the field. */
export const instantOf = (value: string) => (value ? new Date(value).toISOString() : '');

function useWhen() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone() });
  return (iso: string) => format.format(new Date(iso));
}

/** One round: its dates in the owner's zone, its state, the counted votes once it ended; one not begun can be withdrawn. */
function RoundRow({ round, votes }: { round: VoteRound; votes: number | null }) {
  const { t } = useTranslation('judging');
  const when = useWhen();
  const cancel = useCancelVoteRound(round.invite);
  return (
    <li className={styles.row} data-testid="vote-round" data-state={round.state}>
      <span className={styles.grow}>
        {t('voteRounds.dates', { starts: when(round.starts), ends: when(round.ends) })}
        <span className={styles.badge}>{t(`voteRounds.state.${round.state}`)}</span>
      </span>
      {votes !== null && <span data-testid="vote-round-votes">{t('voteRounds.votes', { count: votes })}</span>}
      <Link to={`/goodluck/${round.invite}/vote/`}>{t('voteRounds.page')}</Link>
      {round.state === 'scheduled' && (
        <button type="button" className="btn small secondary" disabled={cancel.isPending} onClick={() => cancel.mutate(round.id)}>
          {t('voteRounds.cancel')}
        </button>
      )}
      <FieldError messages={fieldsOf(cancel.error).non_field_errors ?? null} />
    </li>
  );
}

/**
 * Issue #33.7 for the call's owner: open a public vote on the latest shortlist between two moments given in their
 * own time zone, and follow each round: scheduled, open, ended (then how many votes counted).
 */
export function VoteRounds({ invite }: { invite: number }) {
  const { t } = useTranslation('judging');
  const rounds = useVoteRounds(invite);
  const start = useStartVoteRound(invite);
  const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const form = useForm<Dates>({ defaultValues: { starts: localInput(new Date(hour)), ends: localInput(new Date(hour + 7 * 86_400_000)) } });
  const errors = fieldsOf(start.error);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit((values) => start.mutate({ starts: instantOf(values.starts), ends: instantOf(values.ends) }, { onError: focusInvalid }));
  return (
    <section className={styles.section} aria-labelledby="vote-rounds-title" data-testid="vote-rounds">
      <h2 id="vote-rounds-title">{t('voteRounds.title')}</h2>
      <p className={styles.muted}>{t('voteRounds.intro')}</p>
      {rounds.data?.results.length ? (
        <ul className={styles.list}>
          {rounds.data.results.map(({ votes, ...round }) => (
            <RoundRow key={round.id} round={round} votes={votes} />
          ))}
        </ul>
      ) : (
        <p className="empty">{t('voteRounds.none')}</p>
      )}
      <form ref={formRef} className={styles.criterionForm} onSubmit={submit} noValidate data-testid="vote-round-form">
        <label htmlFor="vote-starts">{t('voteRounds.starts')}</label>
        <input {...fieldControl('vote-starts', errors.starts)} type="datetime-local" {...form.register('starts')} />
        <FieldError for="vote-starts" messages={errors.starts} />
        <label htmlFor="vote-ends">{t('voteRounds.ends')}</label>
        <input {...fieldControl('vote-ends', errors.ends)} type="datetime-local" {...form.register('ends')} />
        <FieldError for="vote-ends" messages={errors.ends} />
        <p className={`${styles.muted} ${styles.voteZone}`}>{t('voteRounds.zone', { zone: zone() })}</p>
        <FieldError messages={errors.invite ?? errors.non_field_errors ?? null} />
        <button type="submit" className="btn small" disabled={start.isPending}>
          {t('voteRounds.open')}
        </button>
      </form>
    </section>
  );
}
