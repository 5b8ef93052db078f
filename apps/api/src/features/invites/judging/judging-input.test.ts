import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, type UserRow } from '../../../../test/factories.ts';
import { agentAs } from '../../../../test/outbox.ts';
import { inviteApplications, inviteCriteria, inviteJurors, inviteRounds } from '../../../db/schema/index.ts';
import { freezeSubmission } from '../../../domain/open-calls/snapshot.ts';

/**
 * Issue #16, bad input: every judging write (and the reads that take a query) answers a malformed body with 400 and
 * a message under each field at fault, in the asker's language, never a 500. Each case is sent by someone allowed
 * to make the call (the owner for the brand's routes, the juror for scores and reviews), so the refusal is the
 * input's, not the permission's.
 */
let app: FastifyInstance;
let owner: UserRow;
let juror: UserRow;
let inviteId = 0;
let applicationId = 0;
let criterionId = 0;
let roundId = 0;
let jurorId = 0;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  owner = await buildUser(app);
  juror = await buildUser(app);
  const artist = await buildPremium(app);
  inviteId = (await buildInvite(app, owner, { status: 'examination' })).id;
  const artwork = await buildArtwork(app, artist);
  const [application] = await app.db.insert(inviteApplications).values({ inviteId, artworkId: artwork.id }).returning();
  await freezeSubmission(app.db, app.storage, application);
  applicationId = application.id;
  criterionId = (await app.db.insert(inviteCriteria).values({ inviteId, nameKo: '구성', nameEn: 'Composition' }).returning())[0].id;
  jurorId = (await app.db.insert(inviteJurors).values({ inviteId, email: juror.email, userId: juror.id, accepted: new Date() }).returning())[0].id;
  roundId = (await app.db.insert(inviteRounds).values({ inviteId, number: 1 }).returning())[0].id;
});
afterAll(() => app.close());

type Case = { who: 'owner' | 'juror'; method: 'POST' | 'PUT' | 'GET'; url: () => string; body?: () => unknown; fields: string[] };

/** The malformed calls and the fields each must name. */
const cases: Case[] = [
  { who: 'owner', method: 'PUT', url: () => `/api/v1/invites/${inviteId}/jury/`, body: () => ({}), fields: ['non_field_errors'] },
  {
    who: 'owner',
    method: 'PUT',
    url: () => `/api/v1/invites/${inviteId}/jury/`,
    body: () => ({ scale: 1, reveal_names: 'yes' }),
    fields: ['scale', 'reveal_names'],
  },
  { who: 'owner', method: 'PUT', url: () => `/api/v1/invites/${inviteId}/jury/`, body: () => ({ scale: 'ten' }), fields: ['scale'] },
  { who: 'owner', method: 'PUT', url: () => `/api/v1/invites/${inviteId}/jury/`, body: () => [], fields: ['non_field_errors'] },
  { who: 'owner', method: 'POST', url: () => '/api/v1/invite-criteria/', body: () => ({}), fields: ['invite', 'name_ko', 'name_en'] },
  {
    who: 'owner',
    method: 'POST',
    url: () => '/api/v1/invite-criteria/',
    body: () => ({ invite: 'x', name_ko: 3, name_en: ' ', weight: 0, description: 'd'.repeat(5000), order: -1 }),
    fields: ['invite', 'name_ko', 'name_en', 'weight', 'description', 'order'],
  },
  { who: 'owner', method: 'PUT', url: () => `/api/v1/invite-criteria/${criterionId}/`, body: () => ({}), fields: ['name_ko', 'name_en'] },
  {
    who: 'owner',
    method: 'PUT',
    url: () => `/api/v1/invite-criteria/${criterionId}/`,
    body: () => ({ name_ko: 'a', name_en: 'b', weight: 2.5 }),
    fields: ['weight'],
  },
  { who: 'owner', method: 'POST', url: () => '/api/v1/invite-jurors/', body: () => ({}), fields: ['invite', 'email'] },
  { who: 'owner', method: 'POST', url: () => '/api/v1/invite-jurors/', body: () => ({ invite: inviteId, email: 'nobody' }), fields: ['email'] },
  { who: 'owner', method: 'POST', url: () => `/api/v1/invite-jurors/${jurorId}/accept/`, body: () => ({}), fields: ['token'] },
  { who: 'owner', method: 'POST', url: () => `/api/v1/invite-jurors/${jurorId}/accept/`, body: () => ({ token: 7 }), fields: ['token'] },
  { who: 'juror', method: 'POST', url: () => '/api/v1/invite-scores/', body: () => ({}), fields: ['application', 'criterion', 'score'] },
  {
    who: 'juror',
    method: 'POST',
    url: () => '/api/v1/invite-scores/',
    body: () => ({ application: applicationId, criterion: criterionId, score: 7.5, comment: 3 }),
    fields: ['score', 'comment'],
  },
  {
    who: 'juror',
    method: 'POST',
    url: () => '/api/v1/invite-scores/',
    body: () => ({ application: applicationId, criterion: criterionId, score: 1e12 }),
    fields: ['score'],
  },
  {
    who: 'juror',
    method: 'POST',
    url: () => '/api/v1/invite-scores/',
    body: () => ({ application: applicationId, criterion: criterionId, score: '5' }),
    fields: ['score'],
  },
  {
    who: 'juror',
    method: 'POST',
    url: () => '/api/v1/invite-scores/',
    body: () => ({ application: -1, criterion: 0, score: 5 }),
    fields: ['application', 'criterion'],
  },
  { who: 'juror', method: 'POST', url: () => '/api/v1/invite-reviews/', body: () => ({}), fields: ['application'] },
  { who: 'juror', method: 'POST', url: () => '/api/v1/invite-reviews/', body: () => ({ application: applicationId }), fields: ['non_field_errors'] },
  { who: 'juror', method: 'POST', url: () => '/api/v1/invite-reviews/', body: () => ({ application: applicationId, conflict: 'true' }), fields: ['conflict'] },
  { who: 'owner', method: 'POST', url: () => '/api/v1/invite-rounds/', body: () => ({}), fields: ['invite'] },
  { who: 'owner', method: 'POST', url: () => '/api/v1/invite-rounds/', body: () => ({ invite: inviteId }), fields: ['non_field_errors'] },
  {
    who: 'owner',
    method: 'POST',
    url: () => '/api/v1/invite-rounds/',
    body: () => ({ invite: inviteId, top: 0, applications: ['a'] }),
    fields: ['top', 'applications.0'],
  },
  { who: 'owner', method: 'GET', url: () => `/api/v1/invites/${inviteId}/ranking/?round=first`, fields: ['round'] },
  { who: 'juror', method: 'GET', url: () => `/api/v1/invites/${inviteId}/judging/?limit=many`, fields: ['limit'] },
  { who: 'owner', method: 'GET', url: () => `/api/v1/invites/${inviteId}/export/download/`, fields: ['token'] },
];

describe('bad input to the judging routes (issue #16)', () => {
  for (const c of cases) {
    it(`${c.method} ${c.url().replace(/\d+/g, '{id}')} ${JSON.stringify(c.body?.() ?? null)
      .replace(/\d+/g, '{id}')
      .slice(0, 60)} → 400 on ${c.fields.join(', ')}`, async () => {
      const answers = [];
      for (const lang of ['ko', 'en'] as const) {
        const agent = await agentAs(app, c.who === 'owner' ? owner : juror, lang);
        const res = await agent.request({ method: c.method, url: c.url(), ...(c.body === undefined ? {} : { payload: c.body() as object }) });
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual([...c.fields].sort());
        for (const field of c.fields) expect(body[field], field).toEqual([expect.any(String)]);
        answers.push(body);
      }
      // The messages are translated: at least one field reads differently in ko and en.
      expect(JSON.stringify(answers[0])).not.toBe(JSON.stringify(answers[1]));
    });
  }

  it('answers a malformed path id with 404, as everywhere (issue #28)', async () => {
    const agent = await agentAs(app, owner, 'en');
    const res = await agent.request({ method: 'PUT', url: '/api/v1/invite-criteria/abc/', payload: { name_ko: 'a', name_en: 'b' } });
    expect(res.statusCode, res.body).toBe(404);
    const round = await agent.request({ method: 'POST', url: `/api/v1/invite-rounds/${roundId}x/close/` });
    expect(round.statusCode, round.body).toBe(404);
  });
});

describe('the OpenAPI document of the judging routes (issue #16)', () => {
  it('gives every judging operation its success answer with a shape, and its 400/403/404 answers', async () => {
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, { content?: unknown }> }>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.includes('judging'))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, codes: Object.keys(op.responses), op })),
    );
    // Issue #16's 19, and issue #33's conflicts (declare, list), feedback (release, read) and an applicant's own entries
    // with their feedback (GET /invite-applications/?invite=); the public vote is tagged apart.
    expect(operations.length).toBe(24);
    for (const { name, codes, op } of operations) {
      const success = codes.filter((c) => c.startsWith('2'));
      expect(success, name).toHaveLength(1);
      if (success[0] !== '204') expect(op.responses[success[0]].content, name).toBeDefined();
      expect(codes, name).toContain('403');
      // Only the list of one's own juries takes no input that can be wrong.
      if (name !== 'GET /api/v1/invite-jurors/') expect(codes, name).toContain('400');
    }
  });
});
