import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../../site.ts';
import { useUnread } from '../api/conversations.ts';
import styles from '../Inbox.module.css';

/** The top bar's inbox link with the number of conversations holding unread messages (issue #20). */
export function InboxLink() {
  const { t } = useTranslation('inbox');
  const user = useCurrentUser();
  const unread = useUnread(Boolean(user)).data?.unread ?? 0;
  if (!user) return null;
  return (
    <NavLink to="/inbox/" className={styles.topLink} aria-label={unread ? t('nav.unread', { count: unread }) : t('nav.inbox')} data-testid="inbox-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
        <path d="m3.5 6.5 8.5 6.5 8.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      {unread > 0 && (
        <span className={styles.count} data-testid="inbox-badge">
          {unread}
        </span>
      )}
    </NavLink>
  );
}
