import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type HoldConfig, holdIfRepost } from '../../domain/moderation/holds.ts';
import { artworks } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';

/** Issue #34 (1): the job that publishes a scheduled artwork at its `publish_at`. */
export const PUBLISH_JOB = 'artworks.publish';

export interface PublishPayload {
  artwork: number;
  /** The schedule the job was queued for (ISO): a changed or cancelled schedule leaves the job nothing to do. */
  at: string;
}

/**
 * Queues the publication at `at`, in the transaction of the save that set it. The key names the artwork and the
 * time, so saving the same schedule twice queues one job; a new time queues another, and the old one finds the
 * schedule changed.
 */
export async function schedulePublish(tx: Executor, artworkId: number, at: Date): Promise<void> {
  const payload: PublishPayload = { artwork: artworkId, at: at.toISOString() };
  await enqueue(tx, PUBLISH_JOB, payload, { key: `${PUBLISH_JOB}:${artworkId}:${payload.at}`, runAt: at });
}

/**
 * Publishes the artwork when its schedule is still the one the job was queued for: one conditional statement, so
 * of two processes (or a retry after a restart) exactly one publishes. Publishing is the same change as an immediate
 * publish (draft false), so the visibility trigger queues the followers' fan-out (`follows.publish`) as it does then,
 * and in the same transaction issue #31's repost hold may hold it instead (the fan-out then finds it hidden).
 * Answers whether this call published it.
 */
export async function publishScheduled(db: Db, config: HoldConfig, payload: PublishPayload): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(artworks)
      .set({ draft: false, publishAt: null, publishedAt: sql`coalesce(${artworks.publishedAt}, now())`, updated: new Date() })
      .where(and(eq(artworks.id, payload.artwork), eq(artworks.publishAt, new Date(payload.at)), eq(artworks.draft, true)))
      .returning({ id: artworks.id });
    if (!rows.length) return false;
    await holdIfRepost(tx, config, payload.artwork);
    return true;
  });
}
