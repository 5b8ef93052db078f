import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, PASSWORD } from '../../../test/factories.ts';
import { recordAudit } from '../../domain/moderation/audit.ts';
import { moderationAudit, users } from '../../db/schema/index.ts';

/** Issue #31: a suspended account can neither log in nor publish nor write; the audit log nobody can change. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
});
afterAll(() => app.close());

const login = (agent: Agent, email: string) =>
  agent.post('/accounts/login/', new URLSearchParams({ email, password: PASSWORD }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });

describe('a suspended account (issue #31)', () => {
  it('cannot log in (told so in its language, after the right password only); its open session writes nothing', async () => {
    const artist = await buildPremium(app);
    const work = await buildArtwork(app, artist, { draft: true, publishedAt: null });
    const open = new Agent(app, 'en');
    await loginAs(open, artist);
    expect((await open.get('/api/v1/users/me/')).statusCode).toBe(200);
    // Staff suspend it (a write through the API clears every process's remembered sessions; here, straight in the table).
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, artist.id));
    await (await loginAsStaff()).post('/api/v1/reports/', { target: 'user', target_id: artist.id, reason: 'spam' });
    expect((await open.get('/api/v1/users/me/')).statusCode).toBe(403);
    expect((await open.put(`/api/v1/artworks/${work.id}/`, { draft: false })).statusCode).toBe(403);
    const ko = new Agent(app, 'ko');
    const refused = await login(ko, artist.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('정지');
    const wrong = await ko.post('/accounts/login/', new URLSearchParams({ email: artist.email, password: 'Wrong12345' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(wrong.statusCode).toBe(400);
    // Lifted: it logs in again.
    await app.db.update(users).set({ suspendedAt: null }).where(eq(users.id, artist.id));
    expect((await login(new Agent(app, 'en'), artist.email)).statusCode).toBe(200);
  });
});

async function loginAsStaff() {
  const agent = new Agent(app, 'en');
  await loginAs(agent, await buildStaff(app));
  return agent;
}

/** The statement failed with the trigger's message (drizzle wraps the database's error as its cause). */
async function refused(statement: PromiseLike<unknown>) {
  const error = await Promise.resolve(statement).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  expect(error).not.toBeNull();
  expect(`${error?.message} ${error?.cause?.message}`).toMatch(/append-only/);
}

describe('the audit log (issue #31)', () => {
  it('staff read it newest first; members are refused; the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const staff = await buildStaff(app, { name: 'Auditor' });
    await recordAudit(app.db, { actor: staff, action: 'hide', target: 'artwork', targetId: 7, reportId: null, note: 'stolen image' });
    await recordAudit(app.db, { actor: staff, action: 'dismiss', target: 'user', targetId: 8, note: '' });
    const agent = new Agent(app, 'en');
    await loginAs(agent, staff);
    const page = (await agent.get('/api/v1/admin/audit/?limit=2')).json();
    expect(page.results).toEqual([
      expect.objectContaining({ action: 'dismiss', target: 'user', target_id: 8, actor: { id: staff.id, name: 'Auditor' } }),
      expect.objectContaining({ action: 'hide', target: 'artwork', target_id: 7, note: 'stolen image', report: null, appeal: null }),
    ]);
    const member = new Agent(app, 'en');
    await loginAs(member, await buildUser(app));
    expect((await member.get('/api/v1/admin/audit/')).statusCode).toBe(403);
    expect((await new Agent(app, 'en').get('/api/v1/admin/audit/')).statusCode).toBe(403);

    const [entry] = await app.db.select().from(moderationAudit).where(eq(moderationAudit.actorId, staff.id)).limit(1);
    await refused(app.db.update(moderationAudit).set({ note: 'rewritten' }).where(eq(moderationAudit.id, entry.id)));
    await refused(app.db.delete(moderationAudit).where(eq(moderationAudit.id, entry.id)));
    await refused(app.db.execute(sql`truncate moderation_audit`));
    const after = await app.db.select().from(moderationAudit).where(eq(moderationAudit.actorId, staff.id));
    expect(after).toHaveLength(2);
    expect(after.map((r) => r.note).sort()).toEqual(['', 'stolen image']);
  });
});
