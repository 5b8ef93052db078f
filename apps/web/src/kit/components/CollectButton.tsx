import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToLogin } from '../../api/client.ts';
import { useCurrentUser } from '../../site.ts';
import { collect, collectIntent, collectionStore, uncollect, useCollection } from '../api/collections.ts';
import styles from './CollectButton.module.css';

/**
 * SPEC §4 Collect: Collect / Collected toggle. A guest goes to login with a redirect back here;
 * the collect then happens on return.
 */
export function CollectButton({ artworkId, collection, size = 'small' }: { artworkId: number; collection: number | null; size?: 'small' | 'large' }) {
  const { t } = useTranslation('artworks');
  const user = useCurrentUser();
  const entry = useCollection(artworkId, collection);
  const [busy, setBusy] = useState(false);
  const resumed = useRef(false);

  async function toggle() {
    if (busy) return;
    if (!user) {
      collectIntent.save(artworkId);
      goToLogin();
      return;
    }
    setBusy(true);
    try {
      if (entry === null) collectionStore.set(artworkId, (await collect(artworkId)).id);
      else {
        await uncollect(entry);
        collectionStore.set(artworkId, null);
      }
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!user || resumed.current || !collectIntent.take(artworkId)) return;
    resumed.current = true;
    if (entry === null) void collect(artworkId).then((r) => collectionStore.set(artworkId, r.id));
  }, [user, artworkId, entry]);

  const collected = entry !== null;
  return (
    <button
      type="button"
      className={`${styles.button} ${styles[size]} ${collected ? styles.on : ''}`}
      aria-pressed={collected}
      // Not `disabled`: a button disabled while it has focus drops the focus to the page (keyboard users lose their place).
      aria-disabled={busy || undefined}
      onClick={toggle}
      data-testid="collect"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="16" height="16">
        <path d="M6 3h12v18l-6-4.5L6 21z" fill={collected ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      {collected ? t('collected') : t('collect')}
    </button>
  );
}
