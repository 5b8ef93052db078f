import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format.ts';
import type { Invite } from '../api/invites.ts';

/** SPEC §9: dates in the Korean or English locale. */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');
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
