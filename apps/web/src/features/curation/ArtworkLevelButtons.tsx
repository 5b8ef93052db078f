import { CURATION_LEVELS } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Artwork, useCurrentUser } from '../../site.ts';
import { useSetArtworkLevel } from './api/curation.ts';
import styles from './ArtworkLevelButtons.module.css';

/**
 * SPEC §4 Artwork level: staff see 5 4 3 2 1; choosing a level sets it, choosing the current one
 * clears it. Nothing renders for anyone else (the server refuses them too).
 */
export function ArtworkLevelButtons({ artwork }: { artwork: Pick<Artwork, 'id' | 'level'> }) {
  const user = useCurrentUser();
  if (!user?.is_staff) return null;
  return <LevelButtons artwork={artwork} />;
}

function LevelButtons({ artwork }: { artwork: Pick<Artwork, 'id' | 'level'> }) {
  const { t } = useTranslation('artworks');
  const [level, setLevel] = useState(artwork.level);
  const [seen, setSeen] = useState(artwork.level);
  // A fresh artwork prop (after a refetch) wins over the local value.
  if (artwork.level !== seen) {
    setSeen(artwork.level);
    setLevel(artwork.level);
  }
  const mutation = useSetArtworkLevel(artwork.id);
  // What a screen reader hears after a change (issue #21); nothing before the first one.
  const [said, setSaid] = useState('');
  const choose = (value: number) => {
    if (mutation.isPending) return;
    const next = value === level ? null : value;
    mutation.mutate(next, {
      onSuccess: (saved) => {
        setLevel(saved.level);
        setSaid(saved.level ? t('level.now', { level: saved.level }) : t('level.none'));
      },
    });
  };
  return (
    <div className={styles.levels} role="group" aria-label={t('level.label')} data-testid="level-buttons">
      {CURATION_LEVELS.map((value) => (
        <button
          key={value}
          type="button"
          className={value === level ? `${styles.level} ${styles.current}` : styles.level}
          aria-pressed={value === level}
          title={value === level ? t('level.clear', { level: value }) : t('level.set', { level: value })}
          // Not disabled while saving: a disabled button would drop the keyboard focus (issue #21).
          aria-disabled={mutation.isPending || undefined}
          onClick={() => choose(value)}
        >
          {value}
        </button>
      ))}
      <span className="visually-hidden" role="status">
        {said}
      </span>
      {mutation.isError && (
        <span className={styles.error} role="alert">
          {t('level.failed')}
        </span>
      )}
    </div>
  );
}
