import { IMPORT_MAX_BYTES, IMPORT_MAX_FILES } from '@axoo/contract/imports';
import { translate } from '@axoo/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../../test/app.ts';
import { buildPremium, buildUser, loginAs, type UserRow } from '../../../../test/factories.ts';
import { makeImage } from '../../../../test/images.ts';
import { makeZip, type ZipEntrySpec } from '../../../../test/zip.ts';
import { artworks, colors, follows, importItems, imports, jobs, media, notifications } from '../../../db/schema/index.ts';
import { IMPORT_JOB } from './service.ts';

/** Issue #34 (5) bulk import, on PGlite (`npm test`) and PostgreSQL (`npm run test:pg`). */
let app: FastifyInstance;
let author: UserRow;
let follower: UserRow;
let agents: Record<'ko' | 'en', Agent>;
let png: Buffer;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app);
  follower = await buildUser(app);
  await app.db.insert(follows).values({ followerId: follower.id, artistId: author.id });
  agents = { ko: new Agent(app, 'ko'), en: new Agent(app, 'en') };
  await loginAs(agents.ko, author);
  await loginAs(agents.en, author);
  png = await makeImage(40, 30);
});
afterAll(() => app.close());

const send = (agent: Agent, zip: Buffer, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: '/api/v1/imports/', payload: zip, headers: { 'content-type': 'application/zip', ...headers } });

/** Posts the archive, runs the import's job, and answers its final state. */
async function runImport(zip: Buffer, agent = agents.en) {
  const res = await send(agent, zip);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ status: 'queued', done: 0 });
  await app.jobs.drain();
  const done = await agent.get(`/api/v1/imports/${res.json().id}/`);
  expect(done.statusCode).toBe(200);
  return done.json();
}

const codeOf = (answer: { items: { path: string; code: string | null }[] }) => Object.fromEntries(answer.items.map((i) => [i.path, i.code]));

describe('bulk import (issue #34.5)', () => {
  it('makes one draft per folder and per image at the top, titled, tagged and described by projects.csv', async () => {
    const sheet = 'folder,title,tags,description\r\nseries-a,"Sea, at night","sea;night",First line\r\nsolo.png,Alone,,\r\n';
    const answer = await runImport(
      makeZip([
        { name: 'series-a/', data: Buffer.alloc(0) },
        { name: 'series-a/1.png', data: png },
        { name: 'series-a/2.png', data: png, deflate: true },
        { name: 'solo.png', data: png },
        { name: 'untitled.png', data: png },
        { name: 'projects.csv', data: Buffer.from(sheet) },
      ]),
    );
    expect(answer).toMatchObject({ status: 'done', total: 4, done: 4 });
    expect(answer.drafts.map((d: { title: string; draft: boolean }) => [d.title, d.draft])).toEqual([
      ['Sea, at night', true],
      ['Alone', true],
      ['untitled', true],
    ]);
    const [series] = await app.db.select().from(artworks).where(eq(artworks.id, answer.drafts[0].id));
    expect(series).toMatchObject({ authorId: author.id, draft: true, visible: false });
    expect(series.content).toContain('<p>First line</p>');
    expect(series.content.match(/<img /g)).toHaveLength(2);
    expect(series.cover).toMatch(/^imports\/\d+\/[a-z0-9]+\.png$/);
    // Each image went through the editor's upload path: a checked, ready media row of the author.
    const keys = [...series.content.matchAll(/src="\/media\/([^"]+)"/g)].map((m) => m[1]);
    const rows = await app.db.select().from(media).where(inArray(media.key, keys));
    expect(rows.map((r) => [r.status, r.ownerId])).toEqual([
      ['ready', author.id],
      ['ready', author.id],
    ]);
    const detail = await agents.en.get(`/api/v1/artworks/${series.id}/`);
    expect(detail.json().tags.map((t: { name: string }) => t.name)).toEqual(['sea', 'night']);
    // The archive is gone once the import has ended.
    const [row] = await app.db.select().from(imports).where(eq(imports.id, answer.id));
    expect(await app.storage.open(row.archive)).toBeNull();
  });

  it('skips every hostile file with its reason in the user language, and imports the rest', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const answer = await runImport(
      makeZip([
        { name: '../escape.png', data: png },
        { name: 'a/../../escape2.png', data: png },
        { name: '/etc/absolute.png', data: png },
        { name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        // A ZIP bomb: 20 MB of zeros whose headers claim 1,000 bytes; and an honest 20 MB entry over the upload limit.
        { name: 'bomb.png', data: zeros, deflate: true, claimedSize: 1000 },
        { name: 'huge.png', data: zeros, deflate: true },
        { name: 'notes.txt', data: Buffer.from('hello') },
        { name: 'nested.zip', data: Buffer.from('PK') },
        { name: 'fake.png', data: Buffer.from('<svg onload=alert(1)>') },
        { name: 'good/ok.png', data: png },
        { name: 'good/OK.png', data: png },
        { name: '__MACOSX/good/._ok.png', data: png },
      ]),
      agents.ko,
    );
    expect(codeOf(answer)).toEqual({
      '../escape.png': 'import.skip.unsafe_path',
      'a/../../escape2.png': 'import.skip.unsafe_path',
      '/etc/absolute.png': 'import.skip.unsafe_path',
      'link.png': 'import.skip.symlink',
      'bomb.png': 'import.skip.size_mismatch',
      'huge.png': 'import.skip.too_large',
      'notes.txt': 'import.skip.not_image',
      'nested.zip': 'import.skip.not_image',
      'fake.png': expect.stringMatching(/^media\.rejected_/),
      'good/ok.png': null,
      'good/OK.png': 'import.skip.duplicate',
      '__MACOSX/good/._ok.png': 'import.skip.hidden',
    });
    const symlink = answer.items.find((i: { path: string }) => i.path === 'link.png');
    expect(symlink.reason).toBe(translate('ko', 'import.skip.symlink'));
    expect(answer.drafts).toHaveLength(1);
    expect(answer).toMatchObject({ status: 'done', done: 1 });
  });

  it('refuses what is not a ZIP, an empty one and one over the limits with a 400 in the user language', async () => {
    for (const lang of ['ko', 'en'] as const) {
      const notZip = await send(agents[lang], Buffer.from('not a zip at all'));
      expect(notZip.statusCode).toBe(400);
      expect(notZip.json()).toEqual({ file: [translate(lang, 'import.not_zip')] });
      const empty = await send(agents[lang], makeZip([{ name: 'readme.txt', data: Buffer.from('x') }]));
      expect(empty.json()).toEqual({ file: [translate(lang, 'import.empty')] });
    }
    const many: ZipEntrySpec[] = Array.from({ length: IMPORT_MAX_FILES + 1 }, (_, i) => ({ name: `p/${i}.png`, data: png }));
    const tooMany = await send(agents.ko, makeZip(many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ file: [translate('ko', 'import.too_many_files', { max: IMPORT_MAX_FILES })] });
    const big = await send(agents.en, makeZip([{ name: 'a.png', data: png }]), { 'content-length': String(IMPORT_MAX_BYTES + 1) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ file: [translate('en', 'import.too_large', { max: IMPORT_MAX_BYTES / 1024 / 1024 })] });
    expect(await app.db.select().from(imports).where(eq(imports.status, 'queued'))).toHaveLength(0);
  });

  it('shows an import to its owner only; a guest cannot import', async () => {
    const answer = await runImport(makeZip([{ name: 'x.png', data: png }]));
    const other = new Agent(app);
    await loginAs(other, await buildUser(app));
    expect((await other.get(`/api/v1/imports/${answer.id}/`)).statusCode).toBe(404);
    expect((await other.post(`/api/v1/imports/${answer.id}/publish/`, {})).statusCode).toBe(404);
    expect((await send(new Agent(app), makeZip([{ name: 'x.png', data: png }]))).statusCode).toBe(403);
  });

  it('after a crash, the job taken over goes on from the last committed draft: nothing twice, nothing half-made', async () => {
    const zip = makeZip([
      { name: 'one/a.png', data: png },
      { name: 'two/b.png', data: png },
      { name: 'two/c.png', data: png },
    ]);
    const res = await send(agents.en, zip);
    const id = res.json().id;
    await app.jobs.drain();
    // As if the process died after the first draft's transaction: the second draft's rows never committed.
    const [second] = await app.db
      .select()
      .from(importItems)
      .where(and(eq(importItems.importId, id), eq(importItems.folder, 'two')));
    await app.db.delete(artworks).where(eq(artworks.id, second.artworkId as number));
    await app.db.delete(importItems).where(and(eq(importItems.importId, id), eq(importItems.folder, 'two')));
    await app.db.update(imports).set({ status: 'running', finished: null }).where(eq(imports.id, id));
    // The archive is still there while running (the crash came before the end).
    const [row] = await app.db.select().from(imports).where(eq(imports.id, id));
    await app.storage.put(row.archive, zip, 'application/zip');
    await app.db.execute(sql`update jobs set status = 'queued', run_at = now() where kind = ${IMPORT_JOB} and payload->>'import' = ${String(id)}`);
    await app.jobs.drain();
    const answer = (await agents.en.get(`/api/v1/imports/${id}/`)).json();
    expect(answer).toMatchObject({ status: 'done', done: 3 });
    expect(answer.drafts.map((d: { title: string }) => d.title)).toEqual(['one', 'two']);
    expect(
      await app.db
        .select()
        .from(artworks)
        .where(inArray(artworks.title, ['one', 'two'])),
    ).toHaveLength(2);
  });

  it('publishes the drafts together quietly: visible, but no feed entry and no follower told', async () => {
    const answer = await runImport(
      makeZip([
        { name: 'q1/a.png', data: png },
        { name: 'q2/b.png', data: png },
      ]),
    );
    const ids = answer.drafts.map((d: { id: number }) => d.id);
    // Without the publishing rules' choices, nothing is published and each draft says why.
    const refused = await agents.ko.post(`/api/v1/imports/${answer.id}/publish/`, { quiet: true });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().published).toEqual([]);
    expect(refused.json().failed[0].errors.categories).toEqual([translate('ko', 'artwork.categories_required')]);
    const [color] = await app.db.select().from(colors).limit(1);
    const choices = { categories: ['painting'], fields: ['fine-art'], concepts: ['abstract'], color: color.id, licence: 'by' };
    const res = await agents.en.post(`/api/v1/imports/${answer.id}/publish/`, { ...choices, quiet: true });
    expect(res.json()).toEqual({ published: ids, failed: [] });
    const rows = await app.db.select().from(artworks).where(inArray(artworks.id, ids));
    expect(rows.map((r) => [r.draft, r.visible, r.quiet])).toEqual([
      [false, true, true],
      [false, true, true],
    ]);
    await app.jobs.drain();
    const fanouts = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'follows.publish'), inArray(sql`(payload->>'artwork')::int`, ids)));
    expect(fanouts).toHaveLength(0);
    expect(await app.db.select().from(notifications).where(inArray(notifications.artworkId, ids))).toHaveLength(0);
    const reader = new Agent(app);
    await loginAs(reader, follower);
    const feed = (await reader.get('/api/v1/feed/')).json();
    expect(feed.results.map((a: { id: number }) => a.id)).not.toContain(ids[0]);
    // Published, so in the gallery like any other work.
    expect((await new Agent(app).get(`/api/v1/artworks/${ids[0]}/`)).statusCode).toBe(200);
    // Publishing again finds no draft left.
    expect((await agents.en.post(`/api/v1/imports/${answer.id}/publish/`, choices)).json()).toEqual({ published: [], failed: [] });
  });

  it('publishing with quiet false tells the followers as any publish does', async () => {
    const answer = await runImport(makeZip([{ name: 'loud.png', data: png }]));
    const [color] = await app.db.select().from(colors).limit(1);
    const res = await agents.en.post(`/api/v1/imports/${answer.id}/publish/`, {
      categories: ['painting'],
      fields: ['fine-art'],
      concepts: ['abstract'],
      color: color.id,
      licence: 'by',
      quiet: false,
    });
    expect(res.json().published).toHaveLength(1);
    await app.jobs.drain();
    expect(await app.db.select().from(notifications).where(eq(notifications.artworkId, res.json().published[0]))).toHaveLength(1);
  });

  it('answers damaged archives (flipped bytes, cut short) with a 202 or a 400, never a 500, and ends every import', async () => {
    const good = makeZip([
      { name: 'f/a.png', data: png },
      { name: 'f/b.png', data: png, deflate: true },
      { name: 'projects.csv', data: Buffer.from('folder,title\r\nf,Damaged\r\n') },
    ]);
    const damaged = fc.oneof(
      fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
        const copy = Buffer.from(good);
        for (const [at, byte] of flips) copy[at] = byte;
        return copy;
      }),
      fc.nat(good.length - 1).map((length) => good.subarray(0, length)),
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
    );
    const statuses: number[] = [];
    for (const zip of fc.sample(damaged, { seed: 34, numRuns: 30 })) {
      const res = await send(agents.en, zip);
      statuses.push(res.statusCode);
      expect([202, 400], res.body).toContain(res.statusCode);
      if (res.statusCode !== 202) continue;
      await app.jobs.drain();
      const [row] = await app.db.select().from(imports).where(eq(imports.id, res.json().id));
      expect(['done', 'failed']).toContain(row.status);
    }
    // Both kinds of answer were reached (the sample is fixed by its seed).
    expect(statuses).toContain(202);
    expect(statuses).toContain(400);
  });
});
