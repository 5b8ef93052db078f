import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp } from '../apps/api/test/app.ts';
import { freePort } from '../cluster/harness.ts';
import { Clusters, type PgCluster, sql } from './clusters.ts';
import { PgBackRest } from './pgbackrest.ts';
import { type Table, type Write, Writer } from './writers.ts';

/**
 * Issue #32 (1), point-in-time recovery with pgBackRest: artworks, collections, applications and messages are written
 * continuously through the app; a full backup is taken while they are; writing goes on; the backup and the archived
 * WAL are restored into a new cluster to a time between two known writes. Every write before that time is there, and
 * none after it.
 */
const d = inject('durability');
const backrest = new PgBackRest(d.pgbackrestConfig);
const clusters = new Clusters(join(d.work, 'pitr'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let app: FastifyInstance;
let target: PgCluster;

/** A PostgreSQL timestamp's text (`2026-11-28 16:43:09.478188+00`) as epoch milliseconds. */
const epochMs = (text: string) =>
  Date.parse(
    text
      .replace(' ', 'T')
      .replace(/(\.\d{3})\d+/, '$1')
      .replace(/([+-]\d\d)$/, '$1:00'),
  );

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0 });
});
afterAll(async () => {
  await app?.close();
  await clusters.dropAll();
});

/** The ids of `writes` that a database holds, per table. */
async function present(url: string, writes: Write[]): Promise<Set<string>> {
  const found = new Set<string>();
  const tables = [...new Set(writes.map((w) => w.table))] as Table[];
  for (const table of tables) {
    const ids = writes.filter((w) => w.table === table).map((w) => w.id);
    const rows = await sql<{ id: number }>(url, `select id from ${table} where id = any($1::int[])`, [ids]);
    for (const r of rows) found.add(`${table}:${r.id}`);
  }
  return found;
}

describe('point-in-time recovery with pgBackRest (issue #32)', () => {
  it('restores to a time between two writes: every write before it is there, none after', async () => {
    const writer = new Writer(app);
    await writer.setup();
    for (let i = 0; i < 3; i++) await writer.round();

    // A full backup while the writer goes on.
    let stop = false;
    const writing = writer.until(() => stop);
    const started = Date.now();
    await backrest.run('--type=full', 'backup');
    const backupMs = Date.now() - started;
    const atBackup = writer.writes.length;
    // pgBackRest restores the set whose stop time (its own record, in whole seconds, taken once the last WAL segment
    // was archived) is before the target: the target must lie past it, which a loaded machine can push seconds past
    // the writes that came right after the backup command returned (CI on 361494c: no set before the target).
    const [full] = (await backrest.info()).filter((b) => b.type === 'full');
    const pastStop = (w: { after: string }) => epochMs(w.after) > (full.stop + 1) * 1000;
    // Writing goes on after the backup: at least 24 writes past its stop time, then it stops.
    while (writer.writes.filter(pastStop).length < 24) await Promise.race([sleep(20), writing]);
    stop = true;
    await writing;
    // The target: after a write some rounds past the backup's stop, before the next one.
    const cut = Math.max(atBackup, writer.writes.findIndex(pastStop)) + 4 + Math.floor(Math.random() * 8);
    const before = writer.writes.slice(0, cut + 1);
    const after = writer.writes.slice(cut + 1);
    const time = writer.writes[cut].after;
    // The WAL up to now is archived (check switches to a new segment and waits for the archive).
    await backrest.run('check');

    target = await clusters.create(`${d.tag}_pitr`, await freePort());
    const restoring = Date.now();
    await backrest.run(`--pg1-path=${target.data}`, `--set=${full.label}`, '--type=time', `--target=${time}`, '--target-action=promote', '--delta', 'restore');
    await clusters.start(target);
    for (;;) {
      const [row] = await sql<{ r: boolean }>(target.url(), 'select pg_is_in_recovery() as r').catch(() => [{ r: true }]);
      if (!row.r) break;
      await sleep(100);
    }
    const restoreMs = Date.now() - restoring;

    const database = new URL(app.config.DATABASE_URL ?? '').pathname.slice(1);
    const found = await present(target.url(database), writer.writes);
    const lost = before.filter((w) => !found.has(`${w.table}:${w.id}`));
    const leaked = after.filter((w) => found.has(`${w.table}:${w.id}`));
    expect(lost, 'writes before the target time missing after the restore').toEqual([]);
    expect(leaked, 'writes after the target time present after the restore').toEqual([]);
    // Nothing else either: each table holds exactly the writes before the time (the writer is the only one writing).
    for (const table of ['artworks', 'collections', 'invite_applications'] as const) {
      const [{ n }] = await sql<{ n: number }>(target.url(database), `select count(*)::int as n from ${table}`);
      expect(n, table).toBe(before.filter((w) => w.table === table).length);
    }
    console.log(
      `PITR drill: ${writer.writes.length} writes (${atBackup} before the backup ended), full backup ${full.size} bytes ` +
        `(${full.repoSize} in the repository) in ${backupMs} ms; restored to ${time} in ${restoreMs} ms; ` +
        `${before.length} writes present, ${after.length} later ones absent; lost 0`,
    );
  });
});
