import type { ReactNode } from 'react';
import type { Artwork } from '../../site.ts';
import { ArtworkCard } from './ArtworkCard.tsx';
import styles from './ArtworkGrid.module.css';

/** SPEC §2: a fixed grid on gallery and home, masonry (proportional) elsewhere; `actions` adds a row under a card. */
export function ArtworkGrid({
  artworks,
  fixed = true,
  priorityCount = 4,
  actions,
}: {
  artworks: Artwork[];
  fixed?: boolean;
  priorityCount?: number;
  actions?: (artwork: Artwork) => ReactNode;
}) {
  return (
    <div className={fixed ? styles.grid : styles.masonry} data-layout={fixed ? 'fixed' : 'masonry'}>
      {artworks.map((a, i) => (
        <div key={a.id} className={fixed ? undefined : styles.brick}>
          <ArtworkCard artwork={a} fixed={fixed} priority={i < priorityCount} actions={actions?.(a)} />
        </div>
      ))}
    </div>
  );
}
