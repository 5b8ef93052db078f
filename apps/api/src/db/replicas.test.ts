import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Replicas } from './replicas.ts';

/**
 * Issue #32: which statements a replica takes, and how its state follows its checks. The pools are stand-ins answering
 * the checks' two questions; the durability suite runs the same on a real streaming standby.
 */
function fakePool(answer: () => Record<string, unknown> | Error): pg.Pool {
  return {
    query: async () => {
      const row = answer();
      if (row instanceof Error) throw row;
      return { rows: [row] };
    },
  } as unknown as pg.Pool;
}

function setup(maxLagMs = 2_000) {
  const primary = { lsn: '0/100' };
  const replica: { replay: string | Error; standby: boolean } = { replay: '0/100', standby: true };
  const primaryPool = fakePool(() => ({ lsn: primary.lsn }));
  const replicaPool = fakePool(() => (replica.replay instanceof Error ? replica.replay : { replay: replica.replay, standby: replica.standby }));
  const replicas = new Replicas(primaryPool, [replicaPool], maxLagMs);
  return { primary, replica, replicaPool, replicas, state: () => replicas.stats().replicas[0] };
}

const select = [{ text: 'select "id" from "artworks" where "id" = $1' }, [1]];

describe('read replicas (issue #32)', () => {
  it('takes only the plain reads of a tolerant request, once a check found it ready', async () => {
    const { replicas, replicaPool } = setup();
    // Down until checked: the reads stay on the primary.
    expect(replicas.tolerate(() => replicas.route(select))).toBeNull();
    await replicas.check();
    expect(replicas.route(select)).toBeNull(); // not a tolerant request
    expect(replicas.tolerate(() => replicas.route(select))).toBe(replicaPool);
    expect(replicas.tolerate(() => replicas.route(['with x as (select 1) select * from x']))).toBe(replicaPool);
    for (const text of [
      'insert into "jobs" ("kind") values ($1)',
      'update "artworks" set "views" = "views" + 1',
      'with fresh as (insert into "artwork_views" values ($1) returning 1) update "artworks" set "views" = 1',
      'select * from "users" where "id" = $1 for update',
    ]) {
      expect(
        replicas.tolerate(() => replicas.route([text])),
        text,
      ).toBeNull();
    }
    // The callback form (pg's own internal use) stays on the primary.
    expect(replicas.tolerate(() => replicas.route(['select 1', [], () => undefined]))).toBeNull();
    expect(replicas.stats().reads).toEqual({ replica: 2, primary: 1 });
  });

  it('measures lag against the primary positions it noted, and skips a replica further behind than the limit', async () => {
    const { primary, replica, replicas, state } = setup(50);
    await replicas.check();
    expect(state()).toEqual({ replica: 0, state: 'up', lagMs: 0 });
    primary.lsn = '0/200';
    await replicas.check(); // the replica has not replayed 0/200 yet: it is as far behind as that position is old
    await new Promise((r) => setTimeout(r, 80));
    await replicas.check();
    expect(state().state).toBe('lagging');
    expect(state().lagMs).toBeGreaterThanOrEqual(50);
    expect(replicas.tolerate(() => replicas.route(select))).toBeNull();
    replica.replay = '0/200';
    await replicas.check();
    expect(state()).toEqual({ replica: 0, state: 'up', lagMs: 0 });
  });

  it('a replica that fails to connect is down until a check succeeds; one that refuses a statement stays up', async () => {
    const { replica, replicaPool, replicas, state } = setup();
    await replicas.check();
    replicas.tolerate(() => replicas.route(select));
    replicas.failed(replicaPool, Object.assign(new Error('cannot execute UPDATE in a read-only transaction'), { code: '25006' }));
    expect(state().state).toBe('up');
    replicas.tolerate(() => replicas.route(select));
    replicas.failed(replicaPool, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(state()).toEqual({ replica: 0, state: 'down', lagMs: null });
    // Both fallbacks count on the primary.
    expect(replicas.stats().reads).toEqual({ replica: 0, primary: 2 });
    replica.replay = new Error('Connection terminated');
    await replicas.check();
    expect(state().state).toBe('down');
    replica.replay = '0/100';
    await replicas.check();
    expect(state().state).toBe('up');
  });
});
