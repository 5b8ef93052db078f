import type { Notification } from '@axoo/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../site.ts';
import { Popover } from '../../../ui/Popover.tsx';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useBell, useMarkRead, useNotifications } from '../api/notifications.ts';
import { NoticeItem } from './NoticeItem.tsx';
import styles from './Notifications.module.css';

/** Issue #17: the top bar's bell with the unread count; its panel lists the latest notices. */
export default function Bell() {
  const { t } = useTranslation('follows');
  const user = useCurrentUser();
  const bell = useBell(Boolean(user));
  const [open, setOpen] = useState(false);
  const unread = bell.data?.unread ?? 0;
  const label = unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Popover
      trigger={
        <>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {unread > 0 && (
            <span className={styles.badge} data-testid="bell-count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
      triggerProps={{ className: styles.bell, 'aria-label': label, 'data-testid': 'bell' }}
      className={styles.panel}
      align="end"
      offset={10}
      open={open}
      onOpenChange={setOpen}
    >
      {/* The panel's texts (`on-demand/notifications.json`) load when it first opens. */}
      <Suspense fallback={<Spinner />}>
        <Panel onClose={() => setOpen(false)} />
      </Suspense>
    </Popover>
  );
}

function Panel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const list = useNotifications('panel');
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const notices = list.data?.pages.flatMap((p) => p.results) ?? [];
  const open = (notice: Notification) => {
    if (!notice.read) markRead.mutate(notice.ids);
    onClose();
  };
  return (
    <div className={styles.panelInner}>
      <div className={styles.head}>
        <h2 className={styles.heading}>{t('title')}</h2>
        <button type="button" className={styles.textButton} onClick={() => markRead.mutate('all')} disabled={markRead.isPending}>
          {t('markAll')}
        </button>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError && notices.length === 0 ? (
        <LoadFailed className={styles.empty} onRetry={() => void list.refetch()} />
      ) : notices.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {notices.map((n) => (
            <NoticeItem key={n.id} notice={n} onOpen={open} />
          ))}
        </ul>
      )}
      <Link
        to="/notifications/"
        className={styles.all}
        onClick={(e) => {
          e.preventDefault();
          onClose();
          navigate('/notifications/');
        }}
      >
        {t('seeAll')}
      </Link>
    </div>
  );
}
