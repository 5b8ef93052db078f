import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarImage } from '../../../ui/avatar.ts';
import { Modal } from '../../../ui/lazy-modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { FollowSlot } from '../../../kit/slots.tsx';
import { useFollowList } from '../api/follow-lists.ts';
import type { Profile } from '../api/profiles.ts';
import styles from '../Profile.module.css';

type Which = 'followers' | 'following';

/** Issue #17: follower and following counts; each opens its list (paged, newest first). */
export function FollowCounts({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const [open, setOpen] = useState<Which | null>(null);
  return (
    <>
      <p className={styles.follows}>
        <button type="button" className={styles.countButton} onClick={() => setOpen('followers')} data-testid="followers-count">
          <strong>{profile.followers_count}</strong> {t('follows.followers')}
        </button>
        <button type="button" className={styles.countButton} onClick={() => setOpen('following')} data-testid="following-count">
          <strong>{profile.following_count}</strong> {t('follows.following')}
        </button>
      </p>
      {open && <FollowList userId={profile.id} which={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function FollowList({ userId, which, onClose }: { userId: number; which: Which; onClose: () => void }) {
  const { t } = useTranslation('profiles');
  const list = useFollowList(userId, which, true);
  const people = list.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <Modal open onClose={onClose} title={t(`follows.${which}`)} size="small">
      {list.isPending ? (
        <Spinner />
      ) : people.length === 0 ? (
        <p className="empty">{t(`follows.${which}Empty`)}</p>
      ) : (
        <ul className={styles.people} data-testid="follow-list">
          {people.map((person) => (
            <li key={person.id}>
              <Link to={`/${person.slug}/`} onClick={onClose}>
                <img {...avatarImage(person)} alt="" width={40} height={40} />
                <span>{person.name}</span>
              </Link>
              <FollowSlot artist={person.id} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className={styles.countButton} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('follows.more')}
        </button>
      )}
    </Modal>
  );
}
