import { useTranslation } from 'react-i18next';
import { useNow } from '../../../ui/clock.ts';
import { formatDate } from '../../../ui/format.ts';
import type { Invite } from '../api/invites.ts';

/** SPEC §9: dates in the Korean or English locale. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');
}

/**
 * Time left until the closed date, on the page's clock (ui/clock.ts: the server's moment in the HTML and the first
 * render in the browser, then the browser's, every 30 seconds); null once it has passed.
 */
export function useRemaining(closed: string | null): { days: number; hours: number; minutes: number } | null {
  const now = useNow();
  if (!closed) return null;
  const left = new Date(closed).getTime() - now;
  if (left <= 0) return null;
  const minutes = Math.floor(left / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/** The date a card or header shows next to the status (SPEC §2 Invites: status label and date). */
export function useStatusDate() {
  const { t } = useTranslation('invites');
  const format = useFormatDate();
  return (invite: Pick<Invite, 'status' | 'closed' | 'selected'>) => {
    if (invite.status === 'selection' && invite.selected) return t('selectedOn', { date: format(invite.selected) });
    if (invite.closed) return t('closedOn', { date: format(invite.closed) });
    return '';
  };
}
