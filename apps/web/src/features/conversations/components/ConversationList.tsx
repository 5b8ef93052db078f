import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarImage } from '../../../ui/avatar.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type Conversation, useConversations } from '../api/conversations.ts';
import { useDateTime } from '../hooks/use-date-time.ts';
import styles from '../Inbox.module.css';

/** One row of the list: the other person, the subject, the latest words and the unread count. */
function Row({ c, active }: { c: Conversation; active: boolean }) {
  const { t } = useTranslation('inbox');
  const when = useDateTime();
  return (
    <li>
      <Link
        to={`/inbox/${c.id}/`}
        className={styles.row}
        aria-current={active ? 'page' : undefined}
        data-unread={c.unread > 0 || undefined}
        data-testid="conversation-row"
      >
        <img {...avatarImage(c.other ?? { cropped_avatar: '' })} alt="" width={40} height={40} className={styles.avatar} />
        <span className={styles.rowText}>
          <span className={styles.rowHead}>
            <strong>{c.other?.name ?? t('deleted')}</strong>
            <time dateTime={c.last_message_at}>{when(c.last_message_at)}</time>
          </span>
          <span className={styles.subject}>{c.subject}</span>
          <span className={styles.preview}>{c.preview}</span>
        </span>
        {c.unread > 0 && (
          <span className={styles.count}>
            <span aria-hidden="true">{c.unread}</span>
            <span className="visually-hidden">{t('list.unread', { count: c.unread })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/** The inbox's or the archive's conversations, a page at a time. */
export function ConversationList({ archived, activeId }: { archived: boolean; activeId: number | null }) {
  const { t } = useTranslation('inbox');
  const list = useConversations(archived);
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="empty">{t('list.error')}</p>;
  if (!rows.length) return <p className="empty">{archived ? t('list.emptyArchived') : t('list.empty')}</p>;
  return (
    <>
      <ul className={styles.rows} data-testid="conversation-list">
        {rows.map((c) => (
          <Row key={c.id} c={c} active={c.id === activeId} />
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="btn secondary small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('list.more')}
        </button>
      )}
    </>
  );
}
