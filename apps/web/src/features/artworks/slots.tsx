import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Artwork } from '../../site.ts';

/**
 * What other features put into the artwork kit (cards, overlay) without the kit importing them: the routes
 * compose them once (issue #12 D; STYLE: features do not reach into each other). Empty by default.
 */
export interface ArtworkSlots {
  /** Staff curation controls on a card and in the overlay (SPEC §4 Artwork level). */
  LevelControl?: ComponentType<{ artwork: Pick<Artwork, 'id' | 'level'> }>;
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

/** The rights badge the routes composed in, or nothing. */
export function RightsSlot({ artwork }: { artwork: Pick<Artwork, 'id' | 'ai_opt_out' | 'ai_opt_out_setting' | 'author'> }) {
  const { RightsControl } = useContext(SlotsContext);
  return RightsControl ? <RightsControl artwork={artwork} /> : null;
}
