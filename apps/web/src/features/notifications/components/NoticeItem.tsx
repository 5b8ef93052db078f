import { mediaUrl, type Notification } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarImage } from '../../../ui/avatar.ts';
import styles from './Notifications.module.css';

/** One group of notices: who, what, when; a click marks it read and follows its link. */
export function NoticeItem({ notice, onOpen }: { notice: Notification; onOpen: (notice: Notification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const actor = notice.actors[0];
  const values = {
    actor: actor?.name ?? '',
    others: notice.count - 1,
    count: notice.count,
    artwork: notice.artwork?.title ?? '',
    invite: notice.invite?.title ?? '',
  };
  const text = t(`types.${notice.type}${notice.count > 1 ? '_many' : ''}`, values);
  const when = new Date(notice.created).toLocaleString(i18n.language === 'en' ? 'en-US' : 'ko-KR', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className={`${styles.item} ${notice.read ? '' : styles.unread}`} data-testid="notice" data-type={notice.type}>
      <Link to={notice.link} className={styles.link} onClick={() => onOpen(notice)}>
        {actor ? (
          <img {...avatarImage(actor)} alt="" width={36} height={36} className={styles.avatar} />
        ) : (
          <span className={styles.avatar} aria-hidden="true" />
        )}
        <span className={styles.text}>
          <span>{text}</span>
          <time dateTime={notice.created} className={styles.time}>
            {when}
          </time>
        </span>
        {notice.artwork?.cropped_cover && (
          <img src={mediaUrl(notice.artwork.cropped_cover, 156)} alt="" width={48} height={34} className={styles.cover} loading="lazy" />
        )}
        {!notice.read && <span className="visually-hidden">{t('unread')}</span>}
      </Link>
    </li>
  );
}
