import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, artworks, inviteApplications, reports, users } from '../apps/api/src/db/schema/index.ts';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { loginAs } from '../apps/api/test/factories.ts';
import { root } from '../cluster/harness.ts';
import { report } from './seed.ts';
import { buildWorld, type Role, type World } from './world.ts';

/**
 * Issue #36 (1), empty and racing writes: for every PUT, PATCH and DELETE of docs/openapi.json, `{}` is refused (400)
 * or changes nothing (2xx), never a 500; the write racing a delete of its row answers 2xx or 404, never a 500; and of
 * two deletes of one row at once one answers 204 and the other 404.
 */
type Method = 'PUT' | 'PATCH' | 'DELETE';
interface Write {
  /** Who may make the change. */
  as: Exclude<Role, 'guest'>;
  url: (w: World) => string;
  /** A change the route accepts (for the race); none for a DELETE. */
  body?: (w: World) => unknown;
  /** What deletes the same row meanwhile: a DELETE through the API (as whom), or straight in the database. */
  gone?: { as: Exclude<Role, 'guest'>; url: (w: World) => string } | ((app: FastifyInstance, w: World) => Promise<unknown>);
  /** What the second of two deletes may answer: 404, or 403 once the first ended the asker's session (an account). */
  again?: number[];
}

const artwork = { as: 'owner', url: (w: World) => `/api/v1/artworks/${w.artwork}/` } as const;
const banner = { as: 'staff', url: (w: World) => `/api/v1/admin/banners/${w.banner}/` } as const;
const client = { as: 'staff', url: (w: World) => `/api/v1/admin/clients/${w.client}/` } as const;
const page = { as: 'staff', url: (w: World) => `/api/v1/invite-pages/${w.page}/` } as const;
const column = { as: 'staff', url: (w: World) => `/api/v1/invite-columns/${w.column}/` } as const;
const question = { as: 'staff', url: (w: World) => `/api/v1/invite-questions/${w.question}/` } as const;
const criterion = { as: 'staff', url: (w: World) => `/api/v1/invite-criteria/${w.criterion}/` } as const;
const invite = { as: 'staff', url: (w: World) => `/api/v1/invites/${w.invite}/` } as const;
const account = { as: 'user', url: (w: World) => `/api/v1/users/${w.users.user.id}/` } as const;
const deleteUser = (app: FastifyInstance, w: World) => app.db.delete(users).where(eq(users.id, w.users.user.id));

const WRITES: Record<string, Write> = {
  'DELETE /api/v1/admin/banners/{id}/': { ...banner, gone: banner },
  'PUT /api/v1/admin/banners/{id}/': { ...banner, body: (w) => ({ image: `banners/m${w.n}.png`, level: 2 }), gone: banner },
  'DELETE /api/v1/admin/clients/{id}/': { ...client, gone: client },
  'PUT /api/v1/admin/clients/{id}/': { ...client, body: (w) => ({ name: 'P', image: `banners/m${w.n}.png`, level: 2 }), gone: client },
  'PUT /api/v1/admin/lists/{list}/order/': { as: 'staff', url: () => '/api/v1/admin/lists/categories/order/' },
  'PATCH /api/v1/admin/lists/{list}/{id}/': { as: 'staff', url: () => '/api/v1/admin/lists/categories/1/' },
  // Issue #31: staff act on a report (the queue); issue #20's message reports moved to their own address.
  'PATCH /api/v1/admin/reports/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/admin/reports/${w.report}/`,
    body: () => ({ action: 'dismiss' }),
    gone: (app, w) => app.db.delete(reports).where(eq(reports.id, w.report)),
  },
  'PATCH /api/v1/admin/message-reports/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/admin/message-reports/${w.report}/`,
    body: () => ({ resolved: true }),
    gone: (app, w) => app.db.delete(reports).where(eq(reports.id, w.report)),
  },
  'PATCH /api/v1/admin/appeals/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/admin/appeals/${w.appeal}/`,
    body: () => ({ decision: 'uphold' }),
    gone: (app, w) => app.db.delete(appeals).where(eq(appeals.id, w.appeal)),
  },
  // Issue #31: staff decide a repost hold (the held work deleted meanwhile takes its hold) and a takedown notice.
  'PATCH /api/v1/admin/holds/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/admin/holds/${w.hold}/`,
    body: () => ({ decision: 'release' }),
    gone: (app, w) => app.db.delete(artworks).where(eq(artworks.id, w.heldWork)),
  },
  'PATCH /api/v1/admin/takedowns/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/admin/takedowns/${w.takedown}/`,
    body: () => ({ decision: 'remove' }),
    // The work's uploader deleting it meanwhile (the notice outlives it).
    gone: (app, w) => app.db.delete(artworks).where(eq(artworks.id, w.spare)),
  },
  'PATCH /api/v1/admin/users/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/admin/users/${w.users.user.id}/`,
    body: () => ({ is_premium: true }),
    gone: deleteUser,
  },
  'DELETE /api/v1/artworks/{id}/': { ...artwork, gone: artwork },
  'PATCH /api/v1/artworks/{id}/': { as: 'staff', url: artwork.url, body: () => ({ level: 3 }), gone: artwork },
  'PUT /api/v1/artworks/{id}/': { ...artwork, body: () => ({ title: 'Edited' }), gone: artwork },
  'PUT /api/v1/artworks/{id}/ai-opt-out/': {
    as: 'owner',
    url: (w) => `/api/v1/artworks/${w.artwork}/ai-opt-out/`,
    body: () => ({ ai_opt_out: true }),
    gone: artwork,
  },
  'PUT /api/v1/banners/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/banners/${w.banner}/`,
    body: (w) => ({ image: `banners/m${w.n}.png`, level: 2 }),
    gone: banner,
  },
  'PUT /api/v1/clients/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/clients/${w.client}/`,
    body: (w) => ({ name: 'P', image: `banners/m${w.n}.png`, level: 2 }),
    gone: client,
  },
  'DELETE /api/v1/collections/{id}/': {
    as: 'owner',
    url: (w) => `/api/v1/collections/${w.collection}/`,
    gone: { as: 'owner', url: (w) => `/api/v1/collections/${w.collection}/` },
  },
  'DELETE /api/v1/review-links/{id}/': {
    as: 'owner',
    url: (w) => `/api/v1/review-links/${w.reviewLink.id}/`,
    gone: { as: 'owner', url: (w) => `/api/v1/review-links/${w.reviewLink.id}/` },
  },
  'DELETE /api/v1/follows/{id}/': { as: 'user', url: (w) => `/api/v1/follows/${w.follow}/`, gone: { as: 'user', url: (w) => `/api/v1/follows/${w.follow}/` } },
  'PUT /api/v1/invite-applications/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/invite-applications/${w.application}/`,
    body: () => ({ selected: true }),
    gone: (app, w) => app.db.delete(inviteApplications).where(eq(inviteApplications.id, w.application)),
  },
  'DELETE /api/v1/invite-columns/{id}/': { ...column, gone: column },
  'PUT /api/v1/invite-columns/{id}/': { ...column, body: () => ({ width: 12 }), gone: column },
  'DELETE /api/v1/invite-criteria/{id}/': { ...criterion, gone: criterion },
  'PUT /api/v1/invite-criteria/{id}/': { ...criterion, body: () => ({ name_ko: '구성', name_en: 'Composition' }), gone: criterion },
  'DELETE /api/v1/invite-jurors/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/invite-jurors/${w.jurorRow}/`,
    gone: { as: 'staff', url: (w) => `/api/v1/invite-jurors/${w.jurorRow}/` },
  },
  // Issue #33.7: the owner (or staff) withdraws a public vote round that has not begun.
  'DELETE /api/v1/invite-vote-rounds/{id}/': {
    as: 'staff',
    url: (w) => `/api/v1/invite-vote-rounds/${w.voteRound}/`,
    gone: { as: 'staff', url: (w) => `/api/v1/invite-vote-rounds/${w.voteRound}/` },
  },
  'DELETE /api/v1/invite-pages/{id}/': { ...page, gone: page },
  'PUT /api/v1/invite-pages/{id}/': { ...page, body: () => ({ background_color: '#112233' }), gone: page },
  'DELETE /api/v1/invite-questions/{id}/': { ...question, gone: question },
  'PUT /api/v1/invite-questions/{id}/': { ...question, body: () => ({ question: 'Why not?' }), gone: question },
  'DELETE /api/v1/invite-subscriptions/{id}/': {
    as: 'owner',
    url: (w) => `/api/v1/invite-subscriptions/${w.subscription}/`,
    gone: { as: 'owner', url: (w) => `/api/v1/invite-subscriptions/${w.subscription}/` },
  },
  'DELETE /api/v1/invites/{id}/': { ...invite, gone: invite },
  'PUT /api/v1/invites/{id}/': {
    ...invite,
    body: () => ({ title: 'Renamed', closed: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
    gone: invite,
  },
  'PUT /api/v1/invites/{id}/jury/': { as: 'staff', url: (w) => `/api/v1/invites/${w.judged}/jury/`, body: () => ({ reveal_names: false }) },
  'PUT /api/v1/notifications/preferences/': { as: 'owner', url: () => '/api/v1/notifications/preferences/' },
  'DELETE /api/v1/users/{id}/': { ...account, gone: account, again: [403, 404] },
  'PATCH /api/v1/users/{id}/': { as: 'staff', url: account.url, body: () => ({ level: 3 }), gone: deleteUser },
  'PUT /api/v1/users/{id}/': { ...account, body: () => ({ name: 'X' }), gone: account },
  'PUT /api/v1/users/{id}/ai-opt-out/': {
    as: 'user',
    url: (w) => `/api/v1/users/${w.users.user.id}/ai-opt-out/`,
    body: () => ({ ai_opt_out: true }),
    gone: account,
  },
};
/** Not a JSON resource: the bytes of an upload, authorised by the URL's signature alone (security/uploads.test.ts). */
const ELSEWHERE = new Set(['PUT /media/upload/{*}']);

let app: FastifyInstance;
let n = 0;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0 });
});
afterAll(() => app?.close());

const operations = (() => {
  const doc = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
})();

async function as(w: World, role: Exclude<Role, 'guest'>) {
  const agent = new Agent(app, 'en');
  await loginAs(agent, w.users[role]);
  return agent;
}
const send = (agent: Agent, method: Method, url: string, body?: unknown) =>
  agent.request({ method, url, ...(method === 'DELETE' ? {} : { payload: body as object }) });

const seen: Record<string, { empty: number; race: number[]; twice?: number[] }> = {};

describe('every PUT, PATCH and DELETE of docs/openapi.json, empty and racing a delete (issue #36)', () => {
  it('knows every such operation', () => {
    expect(operations.filter((op) => !WRITES[op] && !ELSEWHERE.has(op))).toEqual([]);
  });

  for (const op of operations.filter((o) => WRITES[o])) {
    it(op, async () => {
      const write = WRITES[op];
      const method = op.split(' ')[0] as Method;
      // `{}`: a 400 with a message, or a 2xx that changes nothing; a DELETE ignores it. Never a 500.
      const w = await buildWorld(app, ++n);
      const agent = await as(w, write.as);
      const empty = await agent.request({ method, url: write.url(w), payload: {} });
      expect(empty.statusCode, `${op} {} → ${empty.body}`).toBeLessThan(500);
      if (empty.statusCode >= 400) expect(Object.keys(empty.json()).length, empty.body).toBeGreaterThan(0);
      seen[op] = { empty: empty.statusCode, race: [] };
      if (!write.gone) return;

      // The change and a delete of its row at once: the change lands first (2xx) or finds the row gone (404).
      for (let round = 0; round < 5; round++) {
        const r = await buildWorld(app, ++n);
        const writer = await as(r, write.as);
        const gone = write.gone;
        // Both log in before the race: a session made while the account is being deleted is the test's fault, not the app's.
        const deleting =
          typeof gone === 'function'
            ? () => gone(app, r).then(() => ({ statusCode: 204, body: '' }))
            : await as(r, gone.as).then((d) => () => send(d, 'DELETE', gone.url(r)));
        const [change, deleted] = await Promise.all([send(writer, method, write.url(r), write.body?.(r)), deleting()]);
        seen[op].race.push(change.statusCode, deleted.statusCode);
        expect(change.statusCode, `${op} racing a delete → ${change.body}`).toBeLessThan(500);
        expect(deleted.statusCode, `the delete racing ${op} → ${deleted.body}`).toBeLessThan(500);
        if (method === 'DELETE' && typeof gone !== 'function' && gone.url(r) === write.url(r)) {
          // Two deletes of one row: exactly one did it.
          const second = write.again ?? [404];
          const [first, other] = [change.statusCode, deleted.statusCode].sort((a, b) => a - b);
          expect(first, `${op} twice at once: ${change.statusCode}, ${deleted.statusCode}`).toBe(204);
          expect(second, `${op} twice at once: ${change.statusCode}, ${deleted.statusCode}`).toContain(other);
          const again = await send(writer, 'DELETE', write.url(r));
          expect(second, `${op} once more`).toContain(again.statusCode);
        }
      }
    });
  }

  afterAll(() => report('writes', seen));
});
