import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { mediaSrcSet, mediaUrl } from '../../../api/media.ts';
import type { Artwork } from '../../../site.ts';
import { ArtworkLevelButtons } from '../../curation/ArtworkLevelButtons.tsx';
import styles from './ArtworkCard.module.css';

export interface ArtworkCardProps {
  artwork: Artwork;
  /** Fixed layout crops the cover at 240:167; masonry keeps its proportion (SPEC §2 Gallery). */
  fixed?: boolean;
  /** Above the fold: eager with high fetch priority (STYLE: first row). */
  priority?: boolean;
}

/**
 * SPEC §2 Artwork card: cropped cover at width 480, the artwork's colour while loading,
 * author link, first category only, title. Opens the overlay over the current page.
 */
export function ArtworkCard({ artwork, fixed = true, priority = false }: ArtworkCardProps) {
  const location = useLocation();
  const [loaded, setLoaded] = useState(false);
  const cover = artwork.cropped_cover || artwork.cover;
  const first = artwork.categories[0];
  return (
    <article className={styles.card} data-testid="artwork-card" data-artwork-id={artwork.id}>
      <Link to={`/artwork/${artwork.id}/`} state={{ background: location }} className={styles.coverLink} aria-label={artwork.title}>
        <div
          className={styles.cover}
          style={{
            backgroundColor: artwork.color?.code ?? '#eeeeee',
            aspectRatio: fixed || !artwork.width || !artwork.height ? '240 / 167' : `${artwork.width} / ${artwork.height}`,
          }}
        >
          {cover && (
            <img
              src={mediaUrl(cover, 480)}
              srcSet={mediaSrcSet(cover, 480)}
              alt=""
              width={480}
              height={334}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              className={loaded ? styles.loaded : undefined}
              onLoad={() => setLoaded(true)}
            />
          )}
        </div>
      </Link>
      <div className={styles.meta}>
        <div className={styles.line}>
          {artwork.author && (
            <Link to={`/${artwork.author.slug}/`} className={styles.author}>
              {artwork.author.name}
            </Link>
          )}
          {first && <span className={styles.category}>{first.name}</span>}
        </div>
        <h3 className={styles.title}>
          <Link to={`/artwork/${artwork.id}/`} state={{ background: location }}>
            {artwork.title}
          </Link>
        </h3>
        <ArtworkLevelButtons artwork={artwork} />
      </div>
    </article>
  );
}
