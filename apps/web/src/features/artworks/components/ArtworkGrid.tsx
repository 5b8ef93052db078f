import type { Artwork } from '../../../site.ts';
import { ArtworkCard } from './ArtworkCard.tsx';
import styles from './ArtworkGrid.module.css';

/** SPEC §2: a fixed grid on gallery and home, masonry (proportional) elsewhere. */
export function ArtworkGrid({ artworks, fixed = true, priorityCount = 4 }: { artworks: Artwork[]; fixed?: boolean; priorityCount?: number }) {
  return (
    <div className={fixed ? styles.grid : styles.masonry} data-layout={fixed ? 'fixed' : 'masonry'}>
      {artworks.map((a, i) => (
        <div key={a.id} className={fixed ? undefined : styles.brick}>
          <ArtworkCard artwork={a} fixed={fixed} priority={i < priorityCount} />
        </div>
      ))}
    </div>
  );
}
