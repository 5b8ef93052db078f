import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildStaff, buildUser, type UserRow } from '../../../test/factories.ts';
import { agentAs, mailsTo } from '../../../test/outbox.ts';
import type { Tx } from '../../db/client.ts';
import { inviteApplications, invitePages, invites } from '../../db/schema/index.ts';

/**
 * Issue #19: an edit of an invite (the owner's or staff's, an approval, a return) and an entry lock the invite's row
 * for their transaction, so they never judge the same invite at once. Each test holds the row in a transaction of
 * its own, sends the requests, waits until PostgreSQL shows them waiting for that lock (or answered: then they did
 * not wait, and the test fails on their answer), and lets go. Needs a PostgreSQL server (`npm run test:pg`).
 */
let app: FastifyInstance;
let staff: UserRow;
let brand: UserRow;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  staff = await buildStaff(app);
  brand = await buildUser(app, { language: 'en' });
});
afterAll(() => app.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** How many sessions of this test's database wait for a lock (a row's waiter waits on its holder's transaction id). */
async function waiting() {
  const result = await app.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return Number((result.rows[0] as { n: number }).n);
}

/**
 * Runs `hold` in a transaction that keeps the invite row locked until `requests` (sent once the row is held) are all
 * waiting for a lock; then commits, and returns their answers. Settles as soon as the requests answer without waiting.
 */
async function whileHeld(inviteId: number, mode: 'update' | 'share', hold: (tx: Tx) => Promise<unknown>, requests: () => Promise<LightMyRequestResponse>[]) {
  let answers: Promise<LightMyRequestResponse[]> = Promise.resolve([]);
  let early = false;
  await app.db.transaction(async (tx) => {
    await tx.select({ id: invites.id }).from(invites).where(eq(invites.id, inviteId)).for(mode);
    await hold(tx);
    const sent = requests();
    answers = Promise.all(sent);
    const settled = answers.then(() => true);
    // Each round is one statement on another connection: no clock, just the server's own view of who waits.
    for (let round = 0; round < 5_000; round++) {
      if (await Promise.race([settled, Promise.resolve(false)])) {
        early = true;
        return;
      }
      if ((await waiting()) >= sent.length) return;
    }
    throw new Error('the requests neither waited nor answered');
  });
  return { early, answers: await answers };
}

describe('an invite row is locked by whoever changes it (issue #19)', () => {
  it('an owner’s question change waits for an entry in flight, then is refused', async () => {
    const call = await buildInvite(app, brand, { status: 'ongoing', closed: inDays(10) });
    const owner = await agentAs(app, brand);
    const question = (await owner.post('/api/v1/invite-questions/', { invite: call.id, question: 'Why?' })).json();
    const artist = await buildUser(app);
    const work = await buildArtwork(app, artist);
    const { early, answers } = await whileHeld(
      call.id,
      'share',
      // An entry being written: the application holds the invite (shared) until it commits.
      (tx) => tx.insert(inviteApplications).values({ inviteId: call.id, artworkId: work.id }),
      () => [
        owner.put(`/api/v1/invites/${call.id}/`, { title: call.title, questions: [{ id: question.id, question: 'Why, really?' }] }),
        owner.post('/api/v1/invite-questions/', { invite: call.id, question: 'Late one?' }),
      ],
    );
    expect(early).toBe(false);
    expect(answers.map((a) => a.json())).toEqual([
      { questions: ['Questions cannot change once the first application has arrived.'] },
      { question: ['Questions cannot change once the first application has arrived.'] },
    ]);
    expect((await owner.get(`/api/v1/invite-questions/?invite=${call.id}`)).json().map((q: { question: string }) => q.question)).toEqual(['Why?']);
  });

  it('an entry waits for a change of the call in flight, and is judged against the call as it is then', async () => {
    const call = await buildInvite(app, brand, { status: 'ongoing', closed: inDays(10) });
    const artist = await buildUser(app);
    const work = await buildArtwork(app, artist);
    const applicant = await agentAs(app, artist);
    const { early, answers } = await whileHeld(
      call.id,
      'update',
      // Staff take the call off entries meanwhile.
      (tx) => tx.update(invites).set({ status: 'examination' }).where(eq(invites.id, call.id)),
      () => [applicant.post('/api/v1/invite-applications/', { invite: call.id, artwork: work.id })],
    );
    expect(early).toBe(false);
    expect(answers[0].statusCode).toBe(400);
    expect(answers[0].json()).toEqual({ invite: ['Applications are only accepted while the invite is in progress.'] });
    expect(await app.db.$count(inviteApplications, eq(inviteApplications.inviteId, call.id))).toBe(0);
  });

  it('two approvals at once open the call once: one answer 200, the other 400, one mail to the owner', async () => {
    const owner = await buildUser(app, { language: 'en' });
    const call = await buildInvite(app, owner, { status: 'review', closed: inDays(10), title: 'Twice approved' });
    const [a, b] = [await agentAs(app, staff), await agentAs(app, staff)];
    const { early, answers } = await whileHeld(
      call.id,
      'update',
      async () => undefined,
      () => [a.post(`/api/v1/invites/${call.id}/approve/`), b.post(`/api/v1/invites/${call.id}/approve/`)],
    );
    expect(early).toBe(false);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await mailsTo(app, owner.email)).map((m) => m.subject)).toEqual(['[AXOO] Your call "Twice approved" is open']);
  });

  it('page and column edits wait for a deletion of the call in flight, then find nothing: 404 or 400, never a 500', async () => {
    const call = await buildInvite(app, brand, { status: 'ongoing', closed: inDays(10) });
    const owner = await agentAs(app, brand);
    const page = (await owner.post('/api/v1/invite-pages/', { invite: call.id, columns: [{ content: '<p>Rules</p>' }] })).json();
    const column = page.columns[0].id;
    const { early, answers } = await whileHeld(
      call.id,
      'update',
      // Staff delete the call meanwhile: its pages and columns go with it.
      (tx) => tx.delete(invites).where(eq(invites.id, call.id)),
      () => [
        owner.post('/api/v1/invite-pages/', { invite: call.id }),
        owner.put(`/api/v1/invite-pages/${page.id}/`, { order: 2 }),
        owner.delete(`/api/v1/invite-pages/${page.id}/`),
        owner.post('/api/v1/invite-columns/', { page: page.id, content: '<p>Late</p>' }),
        owner.put(`/api/v1/invite-columns/${column}/`, { content: '<p>Later</p>' }),
        owner.delete(`/api/v1/invite-columns/${column}/`),
      ],
    );
    expect(early).toBe(false);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 404, 404, 400, 404, 404]);
    expect(answers[0].json()).toEqual({ invite: ['This invite does not exist.'] });
    expect(await app.db.$count(invitePages, eq(invitePages.inviteId, call.id))).toBe(0);
  });
});
