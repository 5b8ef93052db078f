import { Link } from 'react-router';
import { avatarImage } from '../../../ui/avatar.ts';
import { HireBadge } from '../../artworks/components/HireBadge.tsx';
import type { Artist } from '../api/gallery.ts';
import styles from './ArtistCard.module.css';

/** SPEC §2 Gallery: avatar (default if none) and name, linking to /{slug}/; whether the artist is open to work (issue #20). */
export function ArtistCard({ artist }: { artist: Artist }) {
  return (
    <Link to={`/${artist.slug}/`} className={styles.card} data-testid="artist-card">
      <img {...avatarImage(artist)} alt="" width={96} height={96} loading="lazy" className={styles.avatar} />
      <span className={styles.name}>{artist.name}</span>
      {artist.categories[0] && <span className={styles.field}>{artist.categories.map((c) => c.name).join(' · ')}</span>}
      {/* Issue #20: open to work. */}
      <HireBadge value={artist.available_for_hire} />
    </Link>
  );
}
