import { Link } from 'react-router';
import { mediaSrcSet, mediaUrl } from '../../../api/media.ts';
import { DEFAULT_AVATAR } from '../../../shell/default-avatar.ts';
import type { Artist } from '../api/gallery.ts';
import styles from './ArtistCard.module.css';

/** SPEC §2 Gallery: avatar (default if none) and name, linking to /{slug}/. */
export function ArtistCard({ artist }: { artist: Artist }) {
  const avatar = artist.cropped_avatar || artist.avatar;
  return (
    <Link to={`/${artist.slug}/`} className={styles.card} data-testid="artist-card">
      <img
        src={avatar ? mediaUrl(avatar, 156) : DEFAULT_AVATAR}
        srcSet={avatar ? mediaSrcSet(avatar, 156) : undefined}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className={styles.avatar}
      />
      <span className={styles.name}>{artist.name}</span>
      {artist.categories[0] && <span className={styles.field}>{artist.categories.map((c) => c.name).join(' · ')}</span>}
    </Link>
  );
}
