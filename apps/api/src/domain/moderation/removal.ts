import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, invites, users } from '../../db/schema/index.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { type CleanupDeps, enqueueMediaDelete, mediaKeysUnder } from '../../media/cleanup.ts';

/**
 * Deleting an artwork, an account or an open call for good with every stored object that goes with it (issue #13),
 * in the caller's transaction: the one deletion path of the owner's own delete (artworks, accounts, invites) and of
 * staff's `remove` action on a report (issue #31). Each answers whether a row was deleted.
 */

/** Where an artwork's uploads are stored: `artworks/<id>/…`. */
export const artworkMediaFolder = (artworkId: number) => `artworks/${artworkId}`;

/**
 * The artwork and the images it shows (cover, crops, blurred copy, content), every upload in its folder (replaced and
 * abandoned ones), and the ones only the frozen copies of its submissions kept (those go with its applications).
 */
export async function deleteArtworkAndFiles(tx: Executor, deps: CleanupDeps, id: number): Promise<boolean> {
  const [row] = await tx.select().from(artworks).where(eq(artworks.id, id)).for('update');
  if (!row) return false;
  const keys = [
    row.cover,
    row.rawCover,
    row.croppedCover,
    row.blurredCover,
    ...mediaKeysIn(row.content),
    ...(await mediaKeysUnder(tx, artworkMediaFolder(row.id))),
    ...(await deps.mediaCleanup.keysOf('artwork', tx, row.id)),
  ];
  await tx.delete(artworks).where(eq(artworks.id, row.id));
  await enqueueMediaDelete(tx, keys);
  return true;
}

/** Deletes a user or an invite by its statement, queueing what its collectors name once the row is gone. */
async function deleteHolder(tx: Executor, deps: CleanupDeps, holder: 'user' | 'invite', id: number, remove: () => Promise<unknown[]>) {
  const keys = await deps.mediaCleanup.keysOf(holder, tx, id);
  if (!(await remove()).length) return false;
  await enqueueMediaDelete(tx, keys);
  return true;
}

/**
 * The account with everything it owns: artworks (with their tags, collections, applications), collections, invites,
 * subscriptions and sessions cascade from the user row; every stored object the collectors name for the user (every
 * upload, data-export archives, what goes with their invites) is queued for deletion.
 */
export const deleteUserAndFiles = (tx: Executor, deps: CleanupDeps, id: number) =>
  deleteHolder(tx, deps, 'user', id, () => tx.delete(users).where(eq(users.id, id)).returning({ id: users.id }));

/** The open call, and its stored objects (images, frozen submissions' images, juror pack). */
export const deleteInviteAndFiles = (tx: Executor, deps: CleanupDeps, id: number) =>
  deleteHolder(tx, deps, 'invite', id, () => tx.delete(invites).where(eq(invites.id, id)).returning({ id: invites.id }));
