import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';
import { media } from '../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import { MEDIA_DELETED } from './cache.ts';
import { renditionKeys } from './images.ts';

export const MEDIA_DELETE_JOB = 'media.delete';

/** Of these keys, the ones something still shows (another artwork, a profile, an invite, a frozen submission …). */
export type Retainer = (db: Executor, keys: string[]) => Promise<Iterable<string>>;

/** What, when deleted, takes stored objects with it (issue #13). */
export type Holder = 'user' | 'invite' | 'artwork';
/** The stored keys that go with holder `id`, read in the deleting transaction before its rows go. */
export type Collector = (db: Executor, id: number) => Promise<string[]>;

export interface MediaCleanup {
  /** Registers a retainer: a key any retainer names survives the deletion of what first used it. */
  retain(retainer: Retainer): void;
  /**
   * Registers what else is stored with a user, an invite or an artwork; the feature that stores it registers it
   * (data exports with the user, juror packs with the invite …), so deleting code need not know every kind.
   */
  collect(holder: Holder, collector: Collector): void;
  /** Every key the collectors name for this holder: the deleting transaction queues them (enqueueMediaDelete). */
  keysOf(holder: Holder, db: Executor, id: number): Promise<string[]>;
}

/** What a service that deletes a holder needs. */
export interface CleanupDeps {
  mediaCleanup: Pick<MediaCleanup, 'keysOf'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaCleanup: MediaCleanup;
  }
}

/**
 * Queues the deletion of stored objects (and their renditions) in the transaction of the change that stops
 * using them (issue #13: deleting an account or an artwork leaves nothing behind, and a process that dies
 * between commit and cleanup loses nothing).
 */
export async function enqueueMediaDelete(db: Executor, keys: string[]): Promise<void> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length) await enqueue(db, MEDIA_DELETE_JOB, { keys: unique });
}

/**
 * A retainer over table columns: keys held as a whole column value (`keyColumns`: cover, avatar, logo …) or
 * shown inside stored HTML (`htmlColumns`: artwork content, invite columns). One statement per column.
 */
export function columnRetainer(keyColumns: PgColumn[], htmlColumns: PgColumn[] = []): Retainer {
  return async (db, keys) => {
    const used = new Set<string>();
    for (const column of keyColumns) {
      const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
      for (const r of rows) used.add(String(r.key));
    }
    const patterns = keys.map((k) => `%/media/${k.replace(/[\\%_]/g, '\\$&')}%`);
    for (const column of htmlColumns) {
      const rows = await db
        .select({ html: column })
        .from(column.table)
        .where(sql`${column} like any(${sql.param(patterns)}::text[])`);
      for (const r of rows) for (const k of keys) if (String(r.html).includes(`/media/${k}`)) used.add(k);
    }
    return used;
  };
}

/** Every key uploaded under `prefix/` (an artwork's folder: its images, replaced ones and abandoned uploads too). */
export async function mediaKeysUnder(db: Executor, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}/%`;
  const rows = await db.select({ key: media.key }).from(media).where(sql`${media.key} like ${pattern}`);
  return rows.map((r) => r.key);
}

/** Every key uploaded by this user (their media records), for an account that is being deleted. */
export async function mediaKeysOf(db: Executor, ownerId: number): Promise<string[]> {
  const rows = await db.select({ key: media.key }).from(media).where(eq(media.ownerId, ownerId));
  return rows.map((r) => r.key);
}

/**
 * Named plugin `media-cleanup`: runs the `media.delete` jobs on the same storage driver the app serves from
 * (local folder or S3): each key no retainer claims is deleted with its renditions and its media record.
 */
export const mediaCleanupPlugin = fp(
  async (app: FastifyInstance) => {
    const retainers: Retainer[] = [];
    const collectors: { holder: Holder; collect: Collector }[] = [];
    const cleanup: MediaCleanup = {
      retain: (retainer) => void retainers.push(retainer),
      collect: (holder, collect) => void collectors.push({ holder, collect }),
      async keysOf(holder, db, id) {
        const keys: string[] = [];
        // One after the other: this runs inside the deleting transaction.
        for (const c of collectors) if (c.holder === holder) keys.push(...(await c.collect(db, id)));
        return [...new Set(keys.filter(Boolean))];
      },
    };
    app.decorate('mediaCleanup', cleanup);
    // Every file a user uploaded goes with the account (the media records are this plugin's own).
    cleanup.collect('user', mediaKeysOf);
    app.jobs.handle<{ keys: string[] }>(MEDIA_DELETE_JOB, async ({ keys }) => {
      const kept = new Set<string>();
      for (const retainer of retainers) for (const key of await retainer(app.db, keys)) kept.add(key);
      const gone = keys.filter((k) => !kept.has(k));
      for (const key of gone) {
        // The original first (issue #29): a rendition a process was still making when the job began is either
        // removed below or finds its original gone and removes itself (media/routes.ts). A retry after a crash
        // deletes both again (deleting what is gone is no error).
        await app.storage.delete(key);
        await Promise.all(renditionKeys(key).map((k) => app.storage.delete(k)));
        // Every process drops the renditions it keeps in memory (issue #14).
        app.changes.publish(`${MEDIA_DELETED}${key}`);
      }
      if (gone.length) await app.db.delete(media).where(inArray(media.key, gone));
      app.log.info({ deleted: gone.length, kept: kept.size }, 'media deleted');
    });
  },
  { name: 'media-cleanup', dependencies: ['db', 'jobs', 'storage', 'changes'] },
);
