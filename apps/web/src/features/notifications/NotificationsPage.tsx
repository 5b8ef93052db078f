import type { Notification } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSentinel } from '../../ui/use-sentinel.ts';
import { useMarkRead, useNotifications } from './api/notifications.ts';
import { NoticeItem } from './components/NoticeItem.tsx';
import styles from './components/Notifications.module.css';

/** Issue #17: every notice, grouped, newest first, infinite scroll; mark one (by opening it) or all read. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const list = useNotifications('page');
  const markRead = useMarkRead();
  const notices = list.data?.pages.flatMap((p) => p.results) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const sentinel = useSentinel(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, Boolean(list.hasNextPage));
  const open = (notice: Notification) => !notice.read && markRead.mutate(notice.ids);
  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.head}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <button type="button" className="btn secondary" onClick={() => markRead.mutate('all')} disabled={markRead.isPending || unread === 0}>
          {t('markAll')}
        </button>
      </div>
      <section aria-busy={list.isPending} data-testid="notifications-page">
        {list.isPending ? (
          <Spinner />
        ) : list.isError && notices.length === 0 ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : notices.length === 0 ? (
          <p className="empty">{t('empty')}</p>
        ) : (
          <ul className={styles.list}>
            {notices.map((n) => (
              <NoticeItem key={n.id} notice={n} onOpen={open} />
            ))}
          </ul>
        )}
        <div ref={sentinel} />
        {list.isFetchingNextPage && <Spinner />}
      </section>
    </div>
  );
}
