import { Link } from 'react-router';
import { avatarImage } from '../../../ui/avatar.ts';
import { FollowSlot } from '../../artworks/slots.tsx';
import type { Artist } from '../api/gallery.ts';
import styles from './ArtistCard.module.css';

/** SPEC §2 Gallery: avatar (default if none) and name, linking to /{slug}/; a follow button beside the link (issue #17). */
export function ArtistCard({ artist }: { artist: Artist }) {
  return (
    <div className={styles.card}>
      <Link to={`/${artist.slug}/`} className={styles.link} data-testid="artist-card">
        <img {...avatarImage(artist)} alt="" width={96} height={96} loading="lazy" className={styles.avatar} />
        <span className={styles.name}>{artist.name}</span>
        {artist.categories[0] && <span className={styles.field}>{artist.categories.map((c) => c.name).join(' · ')}</span>}
      </Link>
      <FollowSlot artist={artist.id} />
    </div>
  );
}
