import { and, eq, or, type SQL } from 'drizzle-orm';
import { artworks } from '../../db/schema/index.ts';

/** Who is looking: enough of the session's user for the visibility rule. */
export type Viewer = { id: number; isStaff: boolean } | null;

export interface ScopeOptions {
  /** Include the viewer's own drafts (the author's own lists; an invite's submissions). Default: no drafts. */
  drafts?: boolean;
  /** Staff see every artwork (moderation and invite review). Default: staff see what members see. */
  staffSeesAll?: boolean;
}

/**
 * DESIGN "Visibility", the one rule: others see an artwork when it is published, not a draft, and its author is
 * premium, and it is not unlisted (issue #34: link-only work is in no list for anyone but its author; the
 * `artworks.visible` column, kept by triggers); its author sees their own. As disjoint conditions, so
 * each is answered by its own index: visible rows, then the viewer's own hidden ones. `null` means no restriction.
 */
export function visibleScopes(viewer: Viewer, options?: ScopeOptions & { staffSeesAll?: false }): SQL[];
export function visibleScopes(viewer: Viewer, options: ScopeOptions): SQL[] | null;
export function visibleScopes(viewer: Viewer, options: ScopeOptions = {}): SQL[] | null {
  if (viewer?.isStaff && options.staffSeesAll) return null;
  const scopes: SQL[] = [eq(artworks.visible, true) as SQL];
  if (viewer) {
    const own = [eq(artworks.authorId, viewer.id), eq(artworks.visible, false)];
    if (!options.drafts) own.push(eq(artworks.draft, false));
    scopes.push(and(...own) as SQL);
  }
  return scopes;
}

/** The same rule as one condition (`undefined`: no restriction), for lists that are small anyway. */
export function visibleScope(viewer: Viewer, options?: ScopeOptions & { staffSeesAll?: false }): SQL;
export function visibleScope(viewer: Viewer, options: ScopeOptions): SQL | undefined;
export function visibleScope(viewer: Viewer, options: ScopeOptions = {}): SQL | undefined {
  const scopes = visibleScopes(viewer, options);
  if (!scopes) return undefined;
  return scopes.length === 1 ? scopes[0] : (or(...scopes) as SQL);
}

/**
 * The rule for one row already loaded (its page, not a list): reachable (visible, or unlisted and otherwise visible:
 * issue #34, anyone with its URL), or the viewer's own, or the viewer is staff.
 */
export function canViewArtwork(viewer: Viewer, artwork: Pick<typeof artworks.$inferSelect, 'authorId' | 'reachable'>): boolean {
  return artwork.reachable || (viewer !== null && (viewer.id === artwork.authorId || viewer.isStaff));
}
