import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, dataExports, inviteApplications, inviteQuestions, invites } from '../src/db/schema/index.ts';
import { buildTestApp } from './app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, type UserRow } from './factories.ts';
import { makeImage } from './images.ts';
import { agentAs } from './outbox.ts';
import { unzip } from './zip.ts';

/**
 * Issue #29 point 4 (SPEC §4 Open calls, §7): an applicant deleting the project after applying does not take the
 * entry from the call. The owner and staff keep every entry in SUBMISSIONS (the frozen title, images and answers,
 * marked deleted), the counts stay right, the jury pack holds it, and the applicant's data export still lists it.
 */
let app: FastifyInstance;
let owner: UserRow;
let artist: UserRow;
let inviteId = 0;
let kept = 0;
let gone = 0;
let question = 0;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  owner = await buildUser(app, { name: 'Keeping Brand' });
  artist = await buildPremium(app, { name: 'Mina Deletes', language: 'en' });
  inviteId = (await buildInvite(app, owner, { title: 'Keeping call' })).id;
  [{ id: question }] = await app.db.insert(inviteQuestions).values({ inviteId, question: 'Why this work?' }).returning();
  const png = await makeImage(64, 48, 'png', '#336699');
  const apply = async (title: string, category: string) => {
    const work = await buildArtwork(app, artist, { title, content: '', categoryCodes: [category] });
    const key = `artworks/${work.id}/cover.png`;
    await app.storage.put(key, png, 'image/png');
    await app.db
      .update(artworks)
      .set({ cover: key, croppedCover: key, content: `<p><img src="/media/${key}"></p>` })
      .where(eq(artworks.id, work.id));
    const res = await (await agentAs(app, artist)).post('/api/v1/invite-applications/', {
      invite: inviteId,
      artwork: work.id,
      answers: [{ question, answer: `Because of ${title}` }],
    });
    expect(res.statusCode).toBe(201);
    return { application: res.json().id as number, artwork: work.id };
  };
  kept = (await apply('Still here', 'painting')).application;
  const deleted = await apply('Deleted after applying', 'photography');
  gone = deleted.application;
  await app.db.update(inviteApplications).set({ selected: true }).where(eq(inviteApplications.id, gone));
  expect((await (await agentAs(app, artist)).delete(`/api/v1/artworks/${deleted.artwork}/`)).statusCode).toBe(204);
  await app.jobs.drain();
  const [row] = await app.db.select().from(inviteApplications).where(eq(inviteApplications.id, gone));
  expect(row.artworkId).toBeNull();
});
afterAll(() => app.close());

interface Item {
  id: number | null;
  title: string;
  cover: string;
  author: unknown;
  application: { id: number; selected: boolean; artwork_deleted: boolean; answers?: { answer: string }[]; snapshot?: { title: string; images: string[] } };
}
const list = async (viewer: UserRow | null, query = '') => {
  const res = await (await agentAs(app, viewer)).get(`/api/v1/invites/${inviteId}/artworks/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: Item[] };
};

describe('an entry outlives its artwork in the call (issue #29.4)', () => {
  it('the owner and staff keep every entry, with the count, the frozen title, images and answers, marked deleted', async () => {
    for (const viewer of [owner, await buildStaff(app)]) {
      const page = await list(viewer);
      expect(page.count).toBe(2);
      expect(page.results.map((r) => [r.application.id, r.application.artwork_deleted])).toEqual([
        [gone, true],
        [kept, false],
      ]);
      const [entry] = page.results;
      expect(entry).toMatchObject({ id: null, title: 'Deleted after applying', author: null });
      expect(entry.cover).toMatch(/^submissions\//);
      expect(entry.application.answers?.map((a) => a.answer)).toEqual(['Because of Deleted after applying']);
      expect(entry.application.snapshot?.title).toBe('Deleted after applying');
      expect(entry.application.snapshot?.images).toHaveLength(1);
      expect(await app.storage.get(entry.cover)).not.toBeNull();
    }
  });

  it("the owner's filters find it by the genres it was sent with, by selection and by date", async () => {
    const ids = async (query: string) => (await list(owner, query)).results.map((r) => r.application.id);
    expect(await ids('?category=photography')).toEqual([gone]);
    expect(await ids('?category=painting')).toEqual([kept]);
    expect(await ids('?selection=selected')).toEqual([gone]);
    expect(await ids('?selected=true')).toEqual([gone]);
    expect(await ids('?ordering=oldest')).toEqual([kept, gone]);
    expect((await list(owner, '?selection=unselected')).count).toBe(1);
  });

  it('the public SELECTED list shows no entry without a visible artwork', async () => {
    await app.db.update(invites).set({ status: 'selection' }).where(eq(invites.id, inviteId));
    const page = await list(null, '?selected=true');
    expect(page).toMatchObject({ count: 0, results: [] });
    expect((await list(owner, '?selected=true')).count).toBe(1);
  });

  it('the dashboard counts it and the jury pack holds its image and answers', async () => {
    const brand = await agentAs(app, owner);
    expect((await brand.get(`/api/v1/invites/${inviteId}/dashboard/`)).json().submissions).toBe(2);
    expect((await brand.post(`/api/v1/invites/${inviteId}/export/`)).statusCode).toBe(202);
    await app.jobs.drain();
    const state = (await brand.get(`/api/v1/invites/${inviteId}/export/`)).json();
    expect(state).toMatchObject({ status: 'done' });
    const url = new URL(state.url);
    const files = await unzip((await brand.get(url.pathname + url.search)).rawPayload);
    expect(files.has(`images/${gone}-1.png`)).toBe(true);
    expect(files.get('answers.csv')?.toString('utf8')).toContain('Because of Deleted after applying');
  });

  it("the applicant's data export lists the application under the title sent, with its answers", async () => {
    const me = await agentAs(app, artist);
    expect((await me.post(`/api/v1/users/${artist.id}/export/`)).statusCode).toBe(202);
    let status: { status: string } | null = null;
    for (let i = 0; i < 100 && status?.status !== 'done'; i++) {
      await app.jobs.drain();
      status = (await me.get(`/api/v1/users/${artist.id}/export/`)).json();
      if (status?.status !== 'done') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status?.status).toBe('done');
    const [exported] = await app.db.select().from(dataExports).where(eq(dataExports.userId, artist.id));
    const zip = await app.storage.get(exported.key);
    expect(zip).not.toBeNull();
    const applications = JSON.parse((await unzip(zip as Buffer)).get('applications.json')?.toString() ?? '[]');
    expect(applications).toMatchObject([
      { id: kept, inviteTitle: 'Keeping call', artworkTitle: 'Still here', answers: [{ answer: 'Because of Still here' }] },
      {
        id: gone,
        inviteTitle: 'Keeping call',
        artwork: null,
        artworkTitle: 'Deleted after applying',
        answers: [{ answer: 'Because of Deleted after applying' }],
      },
    ]);
  });
});
