import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Artwork } from '../../site.ts';

/**
 * What other features put into the artwork kit (cards, overlay) without the kit importing them: the routes
 * compose them once (issue #12 D; STYLE: features do not reach into each other). Empty by default.
 */
export interface ArtworkSlots {
  /** Staff curation controls on a card and in the overlay (SPEC §4 Artwork level). */
  LevelControl?: ComponentType<{ artwork: Pick<Artwork, 'id' | 'level'> }>;
  /** Follow / unfollow an artist (issue #17): in the overlay, on profiles and on artist cards. */
  FollowControl?: ComponentType<{ artist: number; size?: 'small' | 'large' }>;
}

const SlotsContext = createContext<ArtworkSlots>({});

export function ArtworkSlotsProvider({ slots, children }: { slots: ArtworkSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

/** The level control the routes composed in, or nothing. */
export function LevelSlot({ artwork }: { artwork: Pick<Artwork, 'id' | 'level'> }) {
  const { LevelControl } = useContext(SlotsContext);
  return LevelControl ? <LevelControl artwork={artwork} /> : null;
}

/** The follow button the routes composed in, or nothing. */
export function FollowSlot({ artist, size }: { artist: number; size?: 'small' | 'large' }) {
  const { FollowControl } = useContext(SlotsContext);
  return FollowControl ? <FollowControl artist={artist} size={size} /> : null;
}
