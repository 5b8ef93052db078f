import { X509Certificate } from '@peculiar/x509';
import { and, asc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { artworks, credentialTrust, jobs, media, mediaCredentialChains } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { certificatesIn, chainAnchored, trustFingerprint } from '../../media/credentials.ts';
import { anyValidCredentials, shownImages } from './credentials.ts';

/**
 * Issue #35, the trust list we ship and can update. Uploads are decided against the list of the process that took
 * them; each process compares the fingerprint of its list with the one the database last used when it starts, and on a
 * difference queues one re-check (the `credential_trust` row, locked, says whether one is queued for that list
 * already: several processes starting together queue one). The job carries the list itself, so whichever process runs
 * it applies the same list; it re-decides 'valid' <-> 'untrusted' for every stored chain in batches, keeps the
 * artworks' `credentials` flag in step, then records the fingerprint. A newer change supersedes a running re-check;
 * a re-check whose tries all failed is queued again by the next start.
 */
export const TRUST_RECHECK_JOB = 'credentials.trust-recheck';
/** Chains read and decided per batch (one short transaction writes a batch's changes). */
const BATCH = 100;
/** Chains one job decides before it queues the rest (a job never holds its lease for long). */
const PER_JOB = 2000;

export interface RecheckCounts {
  /** Stored chains decided again. */
  checked: number;
  /** Images now trusted ('untrusted' -> 'valid'), and no longer trusted ('valid' -> 'untrusted'). */
  trusted: number;
  untrusted: number;
  /** Artworks whose `credentials` flag changed. */
  artworks: number;
}

export interface TrustRecheckPayload {
  fingerprint: string;
  /** The trust list, DER base64, as the process that queued the job read it. */
  anchors: string[];
  /** Where the pass goes on (the last media key decided), and what it counted so far. */
  after?: string;
  counts?: RecheckCounts;
}

const zero = (): RecheckCounts => ({ checked: 0, trusted: 0, untrusted: 0, artworks: 0 });

/**
 * At start (every process): queues a re-check when this process's trust list is not the one the stored states were
 * decided under nor the one a queued re-check applies. The first start with the table empty records the list (no chain
 * is stored yet). Answers whether a job was queued.
 */
export async function queueTrustRecheck(db: Db, anchors: X509Certificate[]): Promise<boolean> {
  const fingerprint = trustFingerprint(anchors);
  return db.transaction(async (tx) => {
    await tx.insert(credentialTrust).values({ id: 1, fingerprint }).onConflictDoNothing();
    const [row] = await tx.select().from(credentialTrust).where(eq(credentialTrust.id, 1)).for('update');
    // Settled on this list, or a re-check for it is queued or running (one whose tries all failed is queued again).
    if (row.fingerprint === fingerprint && row.pending === null) return false;
    if (row.pending === fingerprint && (await recheckLive(tx, fingerprint))) return false;
    await tx.update(credentialTrust).set({ pending: fingerprint }).where(eq(credentialTrust.id, 1));
    const payload: TrustRecheckPayload = { fingerprint, anchors: anchors.map((a) => Buffer.from(a.rawData).toString('base64')) };
    return enqueue(tx, TRUST_RECHECK_JOB, payload);
  });
}

/** Whether a re-check job for this list is queued or running (a stretch queues the next before it ends). */
async function recheckLive(tx: Executor, fingerprint: string): Promise<boolean> {
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, TRUST_RECHECK_JOB), sql`${jobs.status} in ('queued', 'running')`, sql`${jobs.payload}->>'fingerprint' = ${fingerprint}`))
    .limit(1);
  return job !== undefined;
}

/** Whether the re-check for `fingerprint` is still the one to apply (read under a share lock: a newer queueing waits). */
async function stillPending(tx: Executor, fingerprint: string): Promise<boolean> {
  const [row] = await tx.select({ pending: credentialTrust.pending }).from(credentialTrust).where(eq(credentialTrust.id, 1)).for('share');
  return row?.pending === fingerprint;
}

/** The artworks showing any of these images get their `credentials` flag again from the images' current states. */
async function refreshArtworkFlags(tx: Executor, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  // A superset (LIKE's `_` matches any character), narrowed exactly by `shownImages` below.
  const inContent = keys.map((k) => like(artworks.content, `%${k}%`));
  const rows = await tx
    .select()
    .from(artworks)
    .where(or(inArray(artworks.cover, keys), inArray(artworks.rawCover, keys), inArray(artworks.croppedCover, keys), ...inContent))
    .orderBy(asc(artworks.id))
    .for('update');
  const wanted = new Set(keys);
  let changed = 0;
  for (const row of rows) {
    const shown = shownImages(row);
    if (!shown.some((k) => wanted.has(k))) continue;
    const flag = await anyValidCredentials(tx, shown);
    if (flag === row.credentials) continue;
    await tx.update(artworks).set({ credentials: flag }).where(eq(artworks.id, row.id));
    changed++;
  }
  return changed;
}

export interface RecheckStretch {
  counts: RecheckCounts;
  /** Where the next job goes on, or null when the pass is over (the fingerprint is recorded) or superseded. */
  next: string | null;
  superseded: boolean;
}

/**
 * One stretch of the re-check: the stored chains after `payload.after`, by key, in batches; each batch's changed states
 * and the flags of the artworks showing them are written in one transaction that first checks the re-check was not
 * superseded. Stops after `limit` chains and answers where to go on; at the end records the fingerprint.
 */
export async function recheckTrust(db: Db, payload: TrustRecheckPayload, limit = PER_JOB): Promise<RecheckStretch> {
  const anchors = payload.anchors.map((der) => new X509Certificate(Buffer.from(der, 'base64')));
  const counts = { ...zero(), ...payload.counts };
  let cursor = payload.after ?? '';
  let seen = 0;
  for (;;) {
    const batch = await db
      .select({ key: mediaCredentialChains.key, chain: mediaCredentialChains.chain, state: sql<string | null>`${media.credentials}->>'state'` })
      .from(mediaCredentialChains)
      .innerJoin(media, eq(media.key, mediaCredentialChains.key))
      .where(gt(mediaCredentialChains.key, cursor))
      .orderBy(asc(mediaCredentialChains.key))
      .limit(BATCH);
    const toValid: string[] = [];
    const toUntrusted: string[] = [];
    for (const row of batch) {
      if (row.state !== 'valid' && row.state !== 'untrusted') continue;
      const trusted = await chainAnchored(certificatesIn(row.chain), anchors);
      if (trusted && row.state === 'untrusted') toValid.push(row.key);
      if (!trusted && row.state === 'valid') toUntrusted.push(row.key);
    }
    const done = batch.length < BATCH;
    const superseded = await db.transaction(async (tx) => {
      if (!(await stillPending(tx, payload.fingerprint))) return true;
      const set = async (keys: string[], from: string, to: string) => {
        if (!keys.length) return;
        await tx
          .update(media)
          .set({ credentials: sql`jsonb_set(${media.credentials}, '{state}', to_jsonb(${to}::text))` })
          .where(and(inArray(media.key, keys), sql`${media.credentials}->>'state' = ${from}`));
      };
      await set(toValid, 'untrusted', 'valid');
      await set(toUntrusted, 'valid', 'untrusted');
      counts.artworks += await refreshArtworkFlags(tx, [...toValid, ...toUntrusted]);
      if (done) await tx.update(credentialTrust).set({ fingerprint: payload.fingerprint, pending: null, checked: sql`now()` }).where(eq(credentialTrust.id, 1));
      return false;
    });
    if (superseded) return { counts, next: null, superseded: true };
    counts.checked += batch.length;
    counts.trusted += toValid.length;
    counts.untrusted += toUntrusted.length;
    seen += batch.length;
    if (done) return { counts, next: null, superseded: false };
    cursor = batch[batch.length - 1].key;
    if (seen >= limit) return { counts, next: cursor, superseded: false };
  }
}

/** Queues the rest of a re-check after a stretch (the same list, from where it stopped, with the counts so far). */
export const queueRest = (db: Executor, payload: TrustRecheckPayload, stretch: RecheckStretch) =>
  enqueue(db, TRUST_RECHECK_JOB, { ...payload, after: stretch.next ?? undefined, counts: stretch.counts } satisfies TrustRecheckPayload);
