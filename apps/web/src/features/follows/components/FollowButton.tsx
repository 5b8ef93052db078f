import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { goToLogin } from '../../../api/client.ts';
import { useCurrentUser } from '../../../site.ts';
import { followIntent, useMyFollows, useToggleFollow } from '../api/follows.ts';
// The same pill toggle as Collect (the artwork kit's style), so both read as one kind of control.
import styles from '../../../kit/components/CollectButton.module.css';

/**
 * Issue #17 Follow: one click follows or unfollows (the label changes at once; a refusal puts it back). A guest goes
 * to login and comes back here, where the follow is made. Nothing for one's own work.
 */
export function FollowButton({ artist, size = 'small' }: { artist: number; size?: 'small' | 'large' }) {
  const { t } = useTranslation('follows');
  const user = useCurrentUser();
  const mine = useMyFollows(Boolean(user));
  const toggle = useToggleFollow(artist);
  const current = mine.data?.find((f) => f.artist === artist);
  const resumed = useRef(false);

  useEffect(() => {
    if (!user || !mine.data || resumed.current || !followIntent.take(artist)) return;
    resumed.current = true;
    if (!current) toggle.mutate(undefined);
  }, [user, mine.data, artist, current, toggle]);

  if (user?.id === artist) return null;
  const following = Boolean(current);
  const busy = Boolean(user) && (mine.isPending || (toggle.isPending && current?.id === -1));
  return (
    <button
      type="button"
      className={`${styles.button} ${styles[size]} ${following ? styles.on : ''}`}
      aria-pressed={following}
      // Not `disabled`: a button disabled while it has focus drops the focus to the page (keyboard users lose their place).
      aria-disabled={busy || undefined}
      onClick={(event) => {
        // On a card the button sits inside a link: the click is the button's alone.
        event.preventDefault();
        event.stopPropagation();
        if (busy) return;
        if (!user) {
          followIntent.save(artist);
          goToLogin();
          return;
        }
        toggle.mutate(current);
      }}
      data-testid="follow"
    >
      {following ? t('following') : t('follow')}
    </button>
  );
}
