import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, type UserRow } from '../../../../test/factories.ts';
import { agentAs } from '../../../../test/outbox.ts';
import { inviteApplications, inviteCriteria, inviteJurors, inviteRounds } from '../../../db/schema/index.ts';
import { freezeSubmission } from '../../../domain/open-calls/snapshot.ts';

/**
 * Issue #16: the permission matrix of every judging endpoint, one row per endpoint, one cell per role (guest, the
 * artist who applied, another user, a juror of this invite, a juror of another invite, the owner, staff). Writes are
 * chosen so that a cell leaves the world as the next cell needs it (or gets a fresh object of its own); an allowed
 * role that sends what the rules refuse gets its 400, which shows it was let through.
 */
type Role = 'guest' | 'artist' | 'other' | 'juror' | 'elsewhere' | 'owner' | 'staff';
const ROLES: Role[] = ['guest', 'artist', 'other', 'juror', 'elsewhere', 'owner', 'staff'];

let app: FastifyInstance;
const users = {} as Record<Exclude<Role, 'guest'>, UserRow>;
let inviteId = 0;
let applicationId = 0;
let criterionId = 0;
let roundId = 0;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  users.owner = await buildUser(app);
  users.staff = await buildStaff(app);
  users.artist = await buildPremium(app);
  users.other = await buildUser(app);
  users.juror = await buildUser(app);
  users.elsewhere = await buildUser(app);
  const invite = await buildInvite(app, users.owner, { status: 'examination' });
  const other = await buildInvite(app, users.owner, { status: 'examination' });
  inviteId = invite.id;
  const artwork = await buildArtwork(app, users.artist);
  const [application] = await app.db.insert(inviteApplications).values({ inviteId, artworkId: artwork.id }).returning();
  await freezeSubmission(app.db, app.storage, application);
  applicationId = application.id;
  criterionId = (await app.db.insert(inviteCriteria).values({ inviteId, nameKo: '구성', nameEn: 'Composition' }).returning())[0].id;
  await app.db.insert(inviteJurors).values([
    { inviteId, email: users.juror.email, userId: users.juror.id, accepted: new Date() },
    { inviteId: other.id, email: users.elsewhere.email, userId: users.elsewhere.id, accepted: new Date() },
  ]);
  roundId = (await app.db.insert(inviteRounds).values({ inviteId, number: 1 }).returning())[0].id;
});
afterAll(() => app.close());

let n = 0;
const fresh = {
  criterion: async () => (await app.db.insert(inviteCriteria).values({ inviteId, nameKo: '새', nameEn: 'New' }).returning())[0].id,
  juror: async () =>
    (
      await app.db
        .insert(inviteJurors)
        .values({ inviteId, email: `matrix${++n}@example.com` })
        .returning()
    )[0].id,
};

interface Row {
  name: string;
  call: (role: Role) => Promise<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }>;
  /** Status per role; roles not listed get 403. */
  allowed: Partial<Record<Role, number>>;
}

const MATRIX: Row[] = [
  { name: 'GET jury', call: async () => ({ method: 'GET', url: `/api/v1/invites/${inviteId}/jury/` }), allowed: { juror: 200, owner: 200, staff: 200 } },
  {
    name: 'PUT jury',
    call: async () => ({ method: 'PUT', url: `/api/v1/invites/${inviteId}/jury/`, body: { reveal_names: false } }),
    allowed: { owner: 200, staff: 200 },
  },
  {
    name: 'POST invite-criteria',
    call: async () => ({ method: 'POST', url: '/api/v1/invite-criteria/', body: { invite: inviteId, name_ko: '기준', name_en: 'Criterion' } }),
    allowed: { owner: 201, staff: 201 },
  },
  {
    name: 'PUT invite-criteria',
    call: async () => ({ method: 'PUT', url: `/api/v1/invite-criteria/${criterionId}/`, body: { name_ko: '구성', name_en: 'Composition' } }),
    allowed: { owner: 200, staff: 200 },
  },
  {
    name: 'DELETE invite-criteria',
    call: async () => ({ method: 'DELETE', url: `/api/v1/invite-criteria/${await fresh.criterion()}/` }),
    allowed: { owner: 204, staff: 204 },
  },
  {
    name: 'GET invite-jurors (mine)',
    call: async () => ({ method: 'GET', url: '/api/v1/invite-jurors/' }),
    allowed: { artist: 200, other: 200, juror: 200, elsewhere: 200, owner: 200, staff: 200 },
  },
  {
    name: 'POST invite-jurors',
    call: async (role) => ({ method: 'POST', url: '/api/v1/invite-jurors/', body: { invite: inviteId, email: `invited-${role}@example.com` } }),
    allowed: { owner: 201, staff: 201 },
  },
  {
    name: 'POST invite-jurors accept (a forged token)',
    call: async () => ({ method: 'POST', url: `/api/v1/invite-jurors/${await fresh.juror()}/accept/`, body: { token: 'forged' } }),
    allowed: { artist: 400, other: 400, juror: 400, elsewhere: 400, owner: 400, staff: 400 },
  },
  {
    name: 'DELETE invite-jurors',
    call: async () => ({ method: 'DELETE', url: `/api/v1/invite-jurors/${await fresh.juror()}/` }),
    allowed: { owner: 204, staff: 204 },
  },
  { name: 'GET judging (blind queue)', call: async () => ({ method: 'GET', url: `/api/v1/invites/${inviteId}/judging/` }), allowed: { juror: 200 } },
  {
    name: 'POST invite-scores',
    call: async () => ({ method: 'POST', url: '/api/v1/invite-scores/', body: { application: applicationId, criterion: criterionId, score: 5 } }),
    allowed: { juror: 200 },
  },
  {
    name: 'POST invite-reviews',
    call: async () => ({ method: 'POST', url: '/api/v1/invite-reviews/', body: { application: applicationId, comment: 'note' } }),
    allowed: { juror: 200 },
  },
  { name: 'GET ranking (open round)', call: async () => ({ method: 'GET', url: `/api/v1/invites/${inviteId}/ranking/` }), allowed: { owner: 200, staff: 200 } },
  {
    name: 'POST invite-rounds (an unknown pick)',
    call: async () => ({ method: 'POST', url: '/api/v1/invite-rounds/', body: { invite: inviteId, applications: [999999] } }),
    allowed: { owner: 400, staff: 400 },
  },
  { name: 'POST export', call: async () => ({ method: 'POST', url: `/api/v1/invites/${inviteId}/export/` }), allowed: { owner: 202, staff: 202 } },
  { name: 'GET export', call: async () => ({ method: 'GET', url: `/api/v1/invites/${inviteId}/export/` }), allowed: { owner: 200, staff: 200 } },
  {
    name: 'GET export download (a forged token)',
    call: async () => ({ method: 'GET', url: `/api/v1/invites/${inviteId}/export/download/?token=forged` }),
    allowed: { owner: 400, staff: 400 },
  },
  { name: 'GET dashboard', call: async () => ({ method: 'GET', url: `/api/v1/invites/${inviteId}/dashboard/` }), allowed: { owner: 200, staff: 200 } },
  // Last: closing the round ends scoring for everyone.
  {
    name: 'POST invite-rounds close',
    call: async () => ({ method: 'POST', url: `/api/v1/invite-rounds/${roundId}/close/` }),
    allowed: { owner: 200, staff: 200 },
  },
];

describe('the judging permission matrix (issue #16)', () => {
  it('answers every endpoint to every role as the rules say', async () => {
    const mismatches: string[] = [];
    for (const row of MATRIX) {
      for (const role of ROLES) {
        const agent = await agentAs(app, role === 'guest' ? null : users[role]);
        const { method, url, body } = await row.call(role);
        const res = await agent.request({ method, url, payload: body as Record<string, unknown> });
        const expected = row.allowed[role] ?? 403;
        if (res.statusCode !== expected) mismatches.push(`${row.name} as ${role}: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses a score in a closed round under its field (400), and a removed juror with 403 saying why', async () => {
    const agent = await agentAs(app, users.juror);
    const closed = await agent.post('/api/v1/invite-scores/', { application: applicationId, criterion: criterionId, score: 5 });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({ application: ['This round is closed.'] });
    await app.db.update(inviteJurors).set({ removed: new Date() });
    const removed = await agent.get(`/api/v1/invites/${inviteId}/jury/`);
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toEqual({ detail: 'You are no longer a juror of this call.' });
  });
});
