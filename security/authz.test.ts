import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  artworks,
  follows,
  banners,
  clients,
  collections,
  inviteAnswers,
  inviteApplications,
  inviteColumns,
  invitePages,
  inviteQuestions,
  inviteSubscriptions,
  jobs,
  media,
} from '../apps/api/src/db/schema/index.ts';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../apps/api/test/factories.ts';
import { report, SEED } from './seed.ts';

/**
 * Issue #15 (3), the authorization matrix: every unsafe endpoint and private read × every role, against a fresh
 * world per cell, with the status each role must get. A mismatch is printed as `endpoint role: expected → got`.
 * Then generated worlds (random members, premium flags, drafts, private work, collections) check that no listing,
 * search, detail, profile tab or server-rendered page shows a hidden artwork to anyone but its author.
 */
const ROLES = ['guest', 'user', 'other', 'owner', 'premium', 'staff', 'inviteOwner'] as const;
type Role = (typeof ROLES)[number];

interface World {
  users: Record<Exclude<Role, 'guest'>, UserRow>;
  artwork: number;
  draft: number;
  collection: number;
  invite: number;
  review: number;
  question: number;
  page: number;
  column: number;
  application: number;
  subscription: number;
  banner: number;
  client: number;
  job: number;
}

let app: FastifyInstance;
let n = 0;
beforeAll(async () => {
  // With the web build (made by the suite's global setup), so pages are rendered on the server as in production.
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0, WEB_DIST: inject('webDist') });
});
afterAll(() => app?.close());

/** The owner is a premium artist with a public artwork and a draft; the invite owner is a brand with a call. */
async function world(): Promise<World> {
  n++;
  const owner = await buildPremium(app, { username: `owner${n}` });
  const inviteOwner = await buildUser(app);
  const staff = await buildStaff(app);
  const users = { user: await buildUser(app), other: await buildUser(app), owner, premium: await buildPremium(app), staff, inviteOwner };
  const artwork = await buildArtwork(app, owner);
  const draft = await buildArtwork(app, owner, { draft: true, published: false });
  const [collection] = await app.db.insert(collections).values({ userId: owner.id, artworkId: artwork.id }).returning();
  const invite = await buildInvite(app, inviteOwner);
  const review = await buildInvite(app, inviteOwner, { status: 'review', selfService: true });
  const [question] = await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why?', order: 0 }).returning();
  const [page] = await app.db.insert(invitePages).values({ inviteId: invite.id, order: 0 }).returning();
  const [column] = await app.db.insert(inviteColumns).values({ pageId: page.id, content: '<p>x</p>', width: 6, order: 0 }).returning();
  const [application] = await app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: artwork.id }).returning();
  await app.db.insert(inviteAnswers).values({ applicationId: application.id, questionId: question.id, answer: 'Because' });
  const [subscription] = await app.db.insert(inviteSubscriptions).values({ inviteId: invite.id, userId: owner.id }).returning();
  await app.db
    .insert(media)
    .values({ key: `banners/m${n}.png`, ownerId: staff.id, contentType: 'image/png', size: 10, width: 10, height: 10, status: 'ready' });
  const [banner] = await app.db
    .insert(banners)
    .values({ image: `banners/m${n}.png`, level: 1 })
    .returning();
  const [client] = await app.db
    .insert(clients)
    .values({ name: 'Client', image: `banners/m${n}.png`, level: 1 })
    .returning();
  const [job] = await app.db
    .insert(jobs)
    .values({ kind: 'mail', payload: { to: 'x@example.com' }, status: 'failed', attempts: 5 })
    .returning();
  return {
    users,
    artwork: artwork.id,
    draft: draft.id,
    collection: collection.id,
    invite: invite.id,
    review: review.id,
    question: question.id,
    page: page.id,
    column: column.id,
    application: application.id,
    subscription: subscription.id,
    banner: banner.id,
    client: client.id,
    job: job.id,
  };
}

interface Cell {
  name: string;
  request: (w: World) => { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown };
  /** guest, user, other, owner, premium, staff, inviteOwner */
  expect: [number, number, number, number, number, number, number];
}

const png = { filename: 'a.png', type: 'image/png', width: 10, height: 10, size: 100 };
const inviteBody = () => ({ title: 'Renamed', closed: new Date(Date.now() + 30 * 86_400_000).toISOString() });
const MATRIX: Cell[] = [
  // Artworks (SPEC §6: the author edits and deletes; staff set levels; hidden work is a 404 to others).
  { name: 'read a draft', request: (w) => ({ method: 'GET', url: `/api/v1/artworks/${w.draft}/` }), expect: [404, 404, 404, 200, 404, 200, 404] },
  {
    name: 'create an artwork',
    request: () => ({ method: 'POST', url: '/api/v1/artworks/', body: { title: 'New' } }),
    expect: [403, 201, 201, 201, 201, 201, 201],
  },
  {
    name: 'edit an artwork',
    request: (w) => ({ method: 'PUT', url: `/api/v1/artworks/${w.artwork}/`, body: { title: 'Edited' } }),
    expect: [403, 403, 403, 200, 403, 403, 403],
  },
  { name: 'delete an artwork', request: (w) => ({ method: 'DELETE', url: `/api/v1/artworks/${w.artwork}/` }), expect: [403, 403, 403, 204, 403, 403, 403] },
  {
    name: 'set an artwork level',
    request: (w) => ({ method: 'PATCH', url: `/api/v1/artworks/${w.artwork}/`, body: { level: 3 } }),
    expect: [403, 403, 403, 403, 403, 200, 403],
  },
  {
    name: 'presign an artwork image',
    request: (w) => ({ method: 'POST', url: `/api/v1/artworks/${w.artwork}/presign/`, body: png }),
    expect: [403, 403, 403, 200, 403, 403, 403],
  },
  // Accounts and profiles.
  { name: 'read oneself', request: () => ({ method: 'GET', url: '/api/v1/users/me/' }), expect: [403, 200, 200, 200, 200, 200, 200] },
  {
    name: "edit the owner's profile",
    request: (w) => ({ method: 'PUT', url: `/api/v1/users/${w.users.owner.id}/`, body: { name: 'X' } }),
    expect: [403, 403, 403, 200, 403, 403, 403],
  },
  {
    name: "delete the owner's account",
    request: (w) => ({ method: 'DELETE', url: `/api/v1/users/${w.users.owner.id}/` }),
    expect: [403, 403, 403, 400, 403, 403, 403],
  },
  {
    name: "change the owner's password",
    request: (w) => ({
      method: 'POST',
      url: `/api/v1/users/${w.users.owner.id}/password_change/`,
      body: { old_password: 'Password123', password: 'Newpass123' },
    }),
    expect: [403, 403, 403, 200, 403, 403, 403],
  },
  {
    name: "presign the owner's avatar",
    request: (w) => ({ method: 'POST', url: `/api/v1/users/${w.users.owner.id}/presign/`, body: png }),
    expect: [403, 403, 403, 200, 403, 403, 403],
  },
  {
    name: "read the owner's private collection",
    request: (w) => ({ method: 'GET', url: `/api/v1/users/${w.users.owner.id}/artworks/?type=collection` }),
    expect: [200, 200, 200, 200, 200, 200, 200],
  },
  // Collections.
  {
    name: 'collect',
    request: (w) => ({ method: 'POST', url: '/api/v1/collections/', body: { artwork: w.artwork } }),
    expect: [403, 201, 201, 200, 201, 201, 201],
  },
  {
    name: "uncollect the owner's entry",
    request: (w) => ({ method: 'DELETE', url: `/api/v1/collections/${w.collection}/` }),
    expect: [403, 404, 404, 204, 404, 404, 404],
  },
  // Staff console and curation.
  { name: 'console: members', request: () => ({ method: 'GET', url: '/api/v1/admin/users/' }), expect: [403, 403, 403, 403, 403, 200, 403] },
  {
    name: 'console: grant premium',
    request: (w) => ({ method: 'PATCH', url: `/api/v1/admin/users/${w.users.user.id}/`, body: { is_premium: true } }),
    expect: [403, 403, 403, 403, 403, 200, 403],
  },
  { name: 'console: banners', request: () => ({ method: 'GET', url: '/api/v1/admin/banners/' }), expect: [403, 403, 403, 403, 403, 200, 403] },
  {
    name: 'console: delete a banner',
    request: (w) => ({ method: 'DELETE', url: `/api/v1/admin/banners/${w.banner}/` }),
    expect: [403, 403, 403, 403, 403, 204, 403],
  },
  {
    name: 'console: delete a client',
    request: (w) => ({ method: 'DELETE', url: `/api/v1/admin/clients/${w.client}/` }),
    expect: [403, 403, 403, 403, 403, 204, 403],
  },
  { name: 'console: failed jobs', request: () => ({ method: 'GET', url: '/api/v1/admin/jobs/' }), expect: [403, 403, 403, 403, 403, 200, 403] },
  {
    name: 'console: retry a job',
    request: (w) => ({ method: 'POST', url: `/api/v1/admin/jobs/${w.job}/retry/` }),
    expect: [403, 403, 403, 403, 403, 204, 403],
  },
  {
    name: 'console: add a list item',
    request: () => ({ method: 'POST', url: '/api/v1/admin/lists/categories/', body: { code: `c${n}x`, name_ko: '가', name_en: 'A' } }),
    expect: [403, 403, 403, 403, 403, 201, 403],
  },
  { name: 'console: presign', request: () => ({ method: 'POST', url: '/api/v1/admin/presign/', body: png }), expect: [403, 403, 403, 403, 403, 200, 403] },
  {
    name: 'banner level',
    request: (w) => ({ method: 'PUT', url: `/api/v1/banners/${w.banner}/`, body: { image: `banners/m${n}.png`, level: 2 } }),
    expect: [403, 403, 403, 403, 403, 200, 403],
  },
  {
    name: 'artist level',
    request: (w) => ({ method: 'PATCH', url: `/api/v1/users/${w.users.owner.id}/`, body: { level: 3 } }),
    expect: [403, 403, 403, 403, 403, 200, 403],
  },
  // Invites (issue #19: the owner runs the call within the rules, staff approve).
  {
    name: 'edit a call',
    request: (w) => ({ method: 'PUT', url: `/api/v1/invites/${w.invite}/`, body: inviteBody() }),
    expect: [403, 403, 403, 403, 403, 200, 200],
  },
  {
    name: 'open a call oneself',
    request: (w) => ({ method: 'PUT', url: `/api/v1/invites/${w.review}/`, body: { ...inviteBody(), status: 'ongoing' } }),
    expect: [403, 403, 403, 403, 403, 200, 400],
  },
  { name: 'delete a call', request: (w) => ({ method: 'DELETE', url: `/api/v1/invites/${w.invite}/` }), expect: [403, 403, 403, 403, 403, 204, 403] },
  { name: 'approve a call', request: (w) => ({ method: 'POST', url: `/api/v1/invites/${w.review}/approve/` }), expect: [403, 403, 403, 403, 403, 200, 403] },
  {
    name: 'return a call',
    request: (w) => ({ method: 'POST', url: `/api/v1/invites/${w.review}/return/`, body: { note: 'No' } }),
    expect: [403, 403, 403, 403, 403, 200, 403],
  },
  {
    name: 'add a page',
    request: (w) => ({ method: 'POST', url: '/api/v1/invite-pages/', body: { invite: w.invite } }),
    expect: [403, 403, 403, 403, 403, 201, 201],
  },
  { name: 'delete a page', request: (w) => ({ method: 'DELETE', url: `/api/v1/invite-pages/${w.page}/` }), expect: [403, 403, 403, 403, 403, 204, 204] },
  {
    name: 'edit a column',
    request: (w) => ({ method: 'PUT', url: `/api/v1/invite-columns/${w.column}/`, body: { width: 12 } }),
    expect: [403, 403, 403, 403, 403, 200, 200],
  },
  { name: 'delete a column', request: (w) => ({ method: 'DELETE', url: `/api/v1/invite-columns/${w.column}/` }), expect: [403, 403, 403, 403, 403, 204, 204] },
  {
    name: 'add a question after an application',
    request: (w) => ({ method: 'POST', url: '/api/v1/invite-questions/', body: { invite: w.invite, question: 'More?' } }),
    expect: [403, 403, 403, 403, 403, 201, 400],
  },
  {
    name: 'delete a question',
    request: (w) => ({ method: 'DELETE', url: `/api/v1/invite-questions/${w.question}/` }),
    expect: [403, 403, 403, 403, 403, 204, 400],
  },
  { name: 'every submission', request: (w) => ({ method: 'GET', url: `/api/v1/invites/${w.invite}/artworks/` }), expect: [403, 403, 403, 403, 403, 200, 200] },
  {
    name: 'select an application',
    request: (w) => ({ method: 'PUT', url: `/api/v1/invite-applications/${w.application}/`, body: { selected: true } }),
    expect: [403, 403, 403, 403, 403, 200, 200],
  },
  {
    name: "answer on the owner's application",
    request: (w) => ({ method: 'POST', url: '/api/v1/invite-answers/', body: { application: w.application, question: w.question, answer: 'x' } }),
    expect: [403, 400, 400, 400, 400, 400, 400],
  },
  {
    name: "unsubscribe the owner's subscription",
    request: (w) => ({ method: 'DELETE', url: `/api/v1/invite-subscriptions/${w.subscription}/` }),
    expect: [403, 404, 404, 204, 404, 404, 404],
  },
  {
    name: 'start a call',
    request: () => ({ method: 'POST', url: '/api/v1/invites/', body: { title: 'Mine', closed: new Date(Date.now() + 86_400_000).toISOString() } }),
    expect: [403, 201, 201, 201, 201, 201, 201],
  },
];

async function send(role: Role, w: World, cell: Cell) {
  const agent = new Agent(app, 'en');
  if (role !== 'guest') await loginAs(agent, w.users[role]);
  const { method, url, body } = cell.request(w);
  const res = await agent.request({ method, url, payload: body as never });
  return res.statusCode;
}

describe('the authorization matrix (issue #15)', () => {
  it(`answers every role as the table says (${MATRIX.length} endpoints × ${ROLES.length} roles)`, async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const cell of MATRIX) {
      for (const [i, role] of ROLES.entries()) {
        const got = await send(role, await world(), cell);
        cells++;
        if (got !== cell.expect[i]) mismatches.push(`${cell.name} ${role}: expected ${cell.expect[i]} → got ${got}`);
      }
    }
    report('authorization matrix', { endpoints: MATRIX.length, roles: ROLES.length, cells, mismatches: mismatches.length });
    if (mismatches.length) console.log(mismatches.join('\n'));
    expect(mismatches).toEqual([]);
  });
});

describe('generated worlds: hidden work stays hidden (issue #15)', () => {
  it('no listing, search, detail, profile tab, feed, sitemap, oEmbed or server-rendered page shows another author’s hidden artwork', async () => {
    const worldArb = fc.array(
      fc.record({
        premium: fc.boolean(),
        artworks: fc.array(fc.record({ draft: fc.boolean(), published: fc.boolean() }), { maxLength: 4 }),
        collects: fc.array(fc.nat(20), { maxLength: 3 }),
      }),
      { minLength: 3, maxLength: 5 },
    );
    const worlds = fc.sample(worldArb, { seed: SEED, numRuns: 4 });
    let checks = 0;
    let pages = 0;
    let titled = 0;
    /** Visible work found in the pages: the HTML check looks where titles really are. */
    let shown = 0;
    const leaks: string[] = [];
    for (const [w, shape] of worlds.entries()) {
      const tag = `world${SEED % 100_000}x${w}`;
      const people = [];
      for (const person of shape) {
        const user = await buildUser(app, { isPremium: person.premium });
        const own = [];
        // Titles unique in the world, so a page's HTML can be searched for each.
        for (const a of person.artworks) own.push(await buildArtwork(app, user, { title: `${tag} art n${++titled}z`, draft: a.draft, published: a.published }));
        people.push({ user, own });
      }
      const all = people.flatMap((p) => p.own);
      // Collections point anywhere, hidden work included (collected before it was hidden).
      for (const [i, person] of shape.entries()) {
        for (const c of person.collects) {
          const target = all[c % Math.max(1, all.length)];
          if (target) await app.db.insert(collections).values({ userId: people[i].user.id, artworkId: target.id }).onConflictDoNothing();
        }
      }
      // Everyone follows everyone (issue #17), so each member's Following feed could show any author's work.
      for (const f of people)
        for (const a of people)
          if (f.user.id !== a.user.id) await app.db.insert(follows).values({ followerId: f.user.id, artistId: a.user.id }).onConflictDoNothing();
      const fresh = await app.db.select({ id: artworks.id, authorId: artworks.authorId, visible: artworks.visible }).from(artworks);
      const byId = new Map(fresh.map((a) => [a.id, a]));
      const viewers: (UserRow | null)[] = [null, ...people.map((p) => p.user)];
      for (const viewer of viewers) {
        const agent = new Agent(app, 'en');
        if (viewer) await loginAs(agent, viewer);
        const seen = async (where: string, url: string) => {
          const res = await agent.get(url);
          checks++;
          const body = res.json();
          const items: { id: number }[] = Array.isArray(body?.results) ? body.results : res.statusCode === 200 && body?.id ? [body] : [];
          for (const item of items) {
            const a = byId.get(item.id);
            if (a && !a.visible && a.authorId !== viewer?.id)
              leaks.push(`${where}: artwork ${a.id} (hidden) shown to ${viewer ? `user ${viewer.id}` : 'a guest'}`);
          }
        };
        // The HTML the page host returns (share tags, inlined answers, server-rendered markup) for the same views.
        const page = async (where: string, url: string) => {
          const res = await agent.get(url);
          checks++;
          pages++;
          if (res.statusCode >= 500) leaks.push(`${where} page ${url}: ${res.statusCode}`);
          for (const a of all) {
            const row = byId.get(a.id);
            if (row?.visible && res.body.includes(a.title)) shown++;
            if (row && !row.visible && row.authorId !== viewer?.id && res.body.includes(a.title))
              leaks.push(`${where} page ${url}: artwork ${a.id} (hidden) shown to ${viewer ? `user ${viewer.id}` : 'a guest'}`);
          }
        };
        // Sitemaps, Atom feeds and oEmbed (issue #18) are the same for everyone: neither the title nor the address
        // of a hidden artwork may be in them.
        const mentions = async (where: string, url: string) => {
          const res = await agent.get(url);
          checks++;
          if (res.statusCode >= 500) leaks.push(`${where} ${url}: ${res.statusCode}`);
          for (const a of all) {
            const row = byId.get(a.id);
            if (row && !row.visible && (res.body.includes(a.title) || res.body.includes(`/artwork/${a.id}/`)))
              leaks.push(`${where} ${url}: artwork ${a.id} (hidden) listed`);
          }
        };
        if (!viewer) {
          await mentions('sitemap', '/sitemaps/artworks-1.xml');
          await mentions('gallery feed', '/feeds/artworks.atom');
          for (const p of people) await mentions('artist feed', `/${p.user.slug}/feed.atom`);
          for (const a of all)
            if (!byId.get(a.id)?.visible) await mentions('oembed', `/api/oembed?url=${encodeURIComponent(`http://localhost/artwork/${a.id}/`)}&format=json`);
        } else {
          await seen('following feed', '/api/v1/feed/?limit=100');
        }
        await page('gallery', '/gallery/all/');
        await page('search', `/gallery/all/?search=${tag}`);
        for (const p of people) {
          await page('profile', `/${p.user.slug}/`);
          await page('profile collection', `/${p.user.slug}/?type=collection`);
        }
        for (const a of all) if (!byId.get(a.id)?.visible) await page('artwork', `/artwork/${a.id}/`);
        await seen('gallery', '/api/v1/artworks/?limit=100');
        await seen('search', `/api/v1/artworks/?search=${tag}&limit=100`);
        for (const a of all) await seen('detail', `/api/v1/artworks/${a.id}/`);
        for (const p of people) {
          await seen('profile projects', `/api/v1/users/${p.user.id}/artworks/?limit=100`);
          await seen('profile collection', `/api/v1/users/${p.user.id}/artworks/?type=collection&limit=100`);
        }
      }
    }
    report('generated worlds', { worlds: worlds.length, checks, serverPages: pages, visibleShown: shown, leaks: leaks.length });
    expect(leaks).toEqual([]);
    if (worlds.some((shape) => shape.some((p) => p.premium && p.artworks.some((a) => !a.draft && a.published)))) expect(shown).toBeGreaterThan(0);
  });
});
