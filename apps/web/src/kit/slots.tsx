import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Artwork } from '../site.ts';

/** Whom a contact button writes to, and the artwork it is about when there is one (issue #20). */
export interface ContactTarget {
  artist: { id: number; name: string; slug: string };
  artwork?: { id: number; title: string } | null;
}

/**
 * What other features put into the artwork kit (cards, overlay) without the kit importing them: the routes
 * compose them once (issue #12 D; STYLE: features do not reach into each other). Empty by default.
 */
export interface ArtworkSlots {
  /** Staff curation controls on a card and in the overlay (SPEC §4 Artwork level). */
  LevelControl?: ComponentType<{ artwork: Pick<Artwork, 'id' | 'level'> }>;
  /** The contact button of the inbox feature, in the overlay and on profiles (issue #20). */
  ContactControl?: ComponentType<ContactTarget>;
  /** Follow / unfollow an artist (issue #17): in the overlay, on profiles and on artist cards. */
  FollowControl?: ComponentType<{ artist: number; size?: 'small' | 'large' }>;
  /** The AI-training badge, and its author's switch (issue #18). */
  RightsControl?: ComponentType<{ artwork: Pick<Artwork, 'id' | 'ai_opt_out' | 'ai_opt_out_setting' | 'author'> }>;
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

/** The contact button the routes composed in, or nothing. */
export function ContactSlot(target: ContactTarget) {
  const { ContactControl } = useContext(SlotsContext);
  return ContactControl ? <ContactControl {...target} /> : null;
}

/** The follow button the routes composed in, or nothing. */
export function FollowSlot({ artist, size }: { artist: number; size?: 'small' | 'large' }) {
  const { FollowControl } = useContext(SlotsContext);
  return FollowControl ? <FollowControl artist={artist} size={size} /> : null;
}

/** The rights badge the routes composed in, or nothing. */
export function RightsSlot({ artwork }: { artwork: Pick<Artwork, 'id' | 'ai_opt_out' | 'ai_opt_out_setting' | 'author'> }) {
  const { RightsControl } = useContext(SlotsContext);
  return RightsControl ? <RightsControl artwork={artwork} /> : null;
}
