import { Link } from 'react-router';
import { avatarImage } from '../../../ui/avatar.ts';
import { HireBadge } from '../../../kit/components/HireBadge.tsx';
import { FollowSlot } from '../../../kit/slots.tsx';
import type { Artist } from '../api/gallery.ts';
import styles from './ArtistCard.module.css';

/**
 * SPEC §2 Gallery: avatar (default if none) and name, linking to /{slug}/; whether the artist is open to work
 * (issue #20) and a follow button beside the link (issue #17).
 */
export function ArtistCard({ artist }: { artist: Artist }) {
  return (
    <div className={styles.card}>
      <Link to={`/${artist.slug}/`} className={styles.link} data-testid="artist-card">
        <img {...avatarImage(artist)} alt="" width={96} height={96} loading="lazy" className={styles.avatar} />
        <span className={styles.name}>{artist.name}</span>
        {artist.categories[0] && <span className={styles.field}>{artist.categories.map((c) => c.name).join(' · ')}</span>}
        <HireBadge value={artist.available_for_hire} />
      </Link>
      <FollowSlot artist={artist.id} />
    </div>
  );
}
