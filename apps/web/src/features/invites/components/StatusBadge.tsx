import { useTranslation } from 'react-i18next';
import type { InviteStatus } from '../api/invites.ts';
import styles from './invites.module.css';

/** SPEC §4 Invite status labels. */
export function StatusBadge({ status }: { status: InviteStatus }) {
  const { t } = useTranslation('invites');
  return (
    <span className={`${styles.badge} ${styles[`status_${status}`]}`} data-testid="invite-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
