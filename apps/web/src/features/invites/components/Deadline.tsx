import { lastEntryTime } from '@axoo/contract';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../ui/clock.ts';
import { localeOf } from '../../../ui/format.ts';
import type { Invite } from '../api/invites.ts';
import styles from './invites.module.css';

const noChange = () => () => {};
/** The reader's own time zone, known only in the browser: the server's markup (and the hydrating render) has none. */
const useReaderZone = () =>
  useSyncExternalStore(
    noChange,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
    () => null,
  );

/** Days, hours and minutes until `until` on the page's clock; null once it has passed. */
function left(until: number, now: number) {
  const ms = until - now;
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/**
 * Issue #33.6: an open call's countdown to its closing date, then through its grace minutes ("entries are marked
 * late"), and the closing moment in the reader's own time zone (added after hydration, so the server's page and the
 * first render agree, issue #21).
 */
export function Deadline({ invite }: { invite: Pick<Invite, 'closed' | 'grace_minutes'> }) {
  const { t, i18n } = useTranslation('invites');
  const now = useNow();
  const zone = useReaderZone();
  if (!invite.closed) return null;
  const toClose = left(Date.parse(invite.closed), now);
  const last = lastEntryTime(invite);
  const inGrace = !toClose && last !== null ? left(last, now) : null;
  const local =
    zone &&
    new Intl.DateTimeFormat(localeOf(i18n.language), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    }).format(new Date(invite.closed));
  return (
    <span className={styles.deadline}>
      {toClose ? (
        <span className={styles.remaining} data-testid="remaining">
          {toClose.days > 0 ? t('remaining', toClose) : t('remainingShort', toClose)}
        </span>
      ) : inGrace ? (
        <span className={styles.remaining} data-testid="grace-left">
          {t('fair.grace', { minutes: inGrace.days * 1440 + inGrace.hours * 60 + inGrace.minutes })}
        </span>
      ) : (
        <span className={styles.remaining}>{t('ended')}</span>
      )}
      {local && (
        <span className={styles.localClose} data-testid="local-close">
          {t('fair.local', { date: local })}
        </span>
      )}
    </span>
  );
}
