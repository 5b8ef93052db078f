import { MEDIA_PREFIX, SUBMISSION_MEDIA_FOLDER } from '@axoo/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Deps } from '../../../deps.ts';
import type { Executor } from '../../../db/client.ts';
import { inviteSnapshots } from '../../../db/schema/index.ts';
import { enqueueUnlessPending } from '../../../jobs/queue.ts';
import { enqueueMediaDelete } from '../../../media/cleanup.ts';
import { contentImageKeys, copyImage, isAnonymousKey, pointAtCopies, type SnapshotRow } from '../../../domain/open-calls/snapshot.ts';

/**
 * Issue #29 point 5: entries frozen before anonymous copies existed (issue #16) still name the artwork's own files,
 * whose keys carry the user's and the artwork's ids. This one-off pass copies them to anonymous keys (without
 * metadata, as applying does) and points the frozen copy at them, so no juror-facing answer names an original key.
 *
 * Idempotent (a snapshot naming only anonymous keys is not touched), resumable (each job goes on by application id
 * from where the last stopped, and queues the rest), safe on many processes (each snapshot is rewritten in a
 * transaction that holds its row and checks it still names what was copied; the loser deletes its copies). The
 * originals are queued for deletion: the media job keeps any that a live artwork still shows.
 */
export const ANONYMISE_JOB = 'snapshots.anonymise';
const BATCH = 25;
/** Snapshots one job looks at before it queues the rest. */
const PER_JOB = 200;

const anonymous = `${SUBMISSION_MEDIA_FOLDER}/%`;
/** The snapshot names a stored key outside the anonymous folder: its cover, crop, an image, or one in its content. */
const namesOriginal = sql`(
  (${inviteSnapshots.cover} <> '' and ${inviteSnapshots.cover} not like ${anonymous})
  or (${inviteSnapshots.croppedCover} <> '' and ${inviteSnapshots.croppedCover} not like ${anonymous})
  or exists (select 1 from jsonb_array_elements_text(${inviteSnapshots.images}) as k(key) where k.key not like ${anonymous})
  or ${inviteSnapshots.content} ~ ${`${MEDIA_PREFIX}(?!${SUBMISSION_MEDIA_FOLDER}/)[^"'?#s)<>]`}
)`;

/** Queues the pass unless one is waiting or running, and unless no snapshot needs it (start-up, every process). */
export async function enqueueAnonymise(db: Executor): Promise<boolean> {
  const [work] = await db.select({ id: inviteSnapshots.applicationId }).from(inviteSnapshots).where(namesOriginal).limit(1);
  if (!work) return false;
  return enqueueUnlessPending(db, ANONYMISE_JOB, {});
}

/** The original keys a snapshot names, once each. */
const originalKeys = (row: SnapshotRow) =>
  [...new Set([row.cover, row.croppedCover, ...row.images, ...contentImageKeys(row.content)])].filter((key) => !isAnonymousKey(key));

/**
 * Copies one snapshot's originals and rewrites it, if it still names what was read; answers whether it wrote. An
 * original that is gone leaves no image (as applying does).
 */
async function anonymiseOne(deps: Pick<Deps, 'db' | 'storage'>, row: SnapshotRow): Promise<boolean> {
  const originals = originalKeys(row);
  const copies = new Map<string, string>();
  for (const key of originals) copies.set(key, await copyImage(deps.storage, key));
  const swap = (key: string) => copies.get(key) ?? key;
  const wrote = await deps.db.transaction(async (tx) => {
    const [held] = await tx.select().from(inviteSnapshots).where(eq(inviteSnapshots.applicationId, row.applicationId)).for('update');
    const same =
      held &&
      held.cover === row.cover &&
      held.croppedCover === row.croppedCover &&
      held.content === row.content &&
      JSON.stringify(held.images) === JSON.stringify(row.images);
    if (!same) return false;
    await tx
      .update(inviteSnapshots)
      .set({
        cover: swap(row.cover),
        croppedCover: swap(row.croppedCover),
        images: row.images.map(swap).filter(Boolean),
        content: pointAtCopies(row.content, copies),
      })
      .where(eq(inviteSnapshots.applicationId, row.applicationId));
    // What no artwork shows any more goes; the media job keeps the rest.
    await enqueueMediaDelete(tx, originals);
    return true;
  });
  // Another process rewrote it first (or the entry went): these copies show nothing.
  if (!wrote) await Promise.all([...copies.values()].filter(Boolean).map((key) => deps.storage.delete(key)));
  return wrote;
}

/**
 * One stretch of the pass over the snapshots that name an original, by application id after `after`, in batches.
 * Stops after about `limit` snapshots and answers where to go on (`next`), so one job never holds its lease long.
 */
export async function anonymiseSnapshots(deps: Pick<Deps, 'db' | 'storage'>, after = 0, limit = PER_JOB): Promise<{ rewritten: number; next: number | null }> {
  let cursor = after;
  let rewritten = 0;
  let seen = 0;
  for (;;) {
    const batch = await deps.db
      .select()
      .from(inviteSnapshots)
      .where(and(gt(inviteSnapshots.applicationId, cursor), namesOriginal))
      .orderBy(asc(inviteSnapshots.applicationId))
      .limit(BATCH);
    if (!batch.length) return { rewritten, next: null };
    for (const row of batch) {
      cursor = row.applicationId;
      seen++;
      if (await anonymiseOne(deps, row)) rewritten++;
      if (seen >= limit) return { rewritten, next: cursor };
    }
  }
}
