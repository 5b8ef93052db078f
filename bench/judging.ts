/**
 * `npm run bench -- --only judging` (issue #16): the two timings the issue asks for, on a database and media folder
 * of their own (embedded PostgreSQL, local storage):
 * - the juror pack of 500 submissions of 3 images each: the job from request to a finished private ZIP;
 * - a juror scoring 100 submissions by keyboard in Chromium (the journeys' harness: playwright-core and Debian
 *   Chromium against the production web build): three digits and Enter per submission, every score saved.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { artworks, inviteApplications, inviteCriteria, inviteExports, inviteJurors, inviteScores, invites } from '../apps/api/src/db/schema/index.ts';
import { freezeSubmission } from '../apps/api/src/domain/open-calls/snapshot.ts';
import { requestPack } from '../apps/api/src/features/invites/judging/pack/service.ts';
import { buildPremium, buildUser, createSession } from '../apps/api/test/factories.ts';
import { buildWeb } from './web.ts';

export interface JudgingBenchOptions {
  packSubmissions?: number;
  imagesEach?: number;
  imageKb?: number;
  scored?: number;
}

export async function judgingBench(options: JudgingBenchOptions = {}, out: (line: string) => void = console.log) {
  const { packSubmissions = 500, imagesEach = 3, imageKb = 100, scored = 100 } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'axoo-bench-judging-'));
  const webDist = mkdtempSync(join(tmpdir(), 'axoo-bench-judging-web-'));
  out(`  built apps/web in ${buildWeb(webDist).toFixed(1)} s`);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    JOBS_POLL_MS: '0',
    WEB_DIST: webDist,
  });
  const database = await openDatabase({ url: undefined, pgliteDir: config.pgliteDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    // Data: one artist's submissions, each with its own images (random bytes: stored, never recompressed).
    const owner = await buildUser(app, { name: 'Bench Brand' });
    const artist = await buildPremium(app);
    const started = performance.now();
    const packInvite = (await app.db.insert(invites).values({ ownerId: owner.id, title: 'Bench pack', status: 'examination' }).returning())[0];
    const scoreInvite = (await app.db.insert(invites).values({ ownerId: owner.id, title: 'Bench scoring', status: 'examination' }).returning())[0];
    const body = randomBytes(imageKb * 1024);
    for (let i = 0; i < packSubmissions; i++) {
      const keys = Array.from({ length: imagesEach }, (_, n) => `bench/${i}-${n}.jpg`);
      for (const key of keys) await app.storage.put(key, body, 'image/jpeg');
      const [work] = await app.db
        .insert(artworks)
        .values({
          authorId: artist.id,
          title: `Bench entry ${i}`,
          draft: false,
          cover: keys[0],
          croppedCover: keys[0],
          content: keys.map((k) => `<p><img src="/media/${k}"></p>`).join(''),
        })
        .returning();
      for (const invite of i < scored ? [packInvite, scoreInvite] : [packInvite]) {
        const [application] = await app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: work.id }).returning();
        await freezeSubmission(app.db, app.storage, application);
      }
    }
    out(`  arranged ${packSubmissions} submissions × ${imagesEach} images of ${imageKb} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The juror pack.
    const t0 = performance.now();
    await requestPack(app.db, owner, packInvite.id);
    await app.jobs.drain();
    const packMs = performance.now() - t0;
    const [state] = await app.db.select().from(inviteExports).where(eq(inviteExports.inviteId, packInvite.id));
    const zip = state?.key ? await app.storage.open(state.key) : null;
    zip?.body.destroy();
    const mb = (zip?.size ?? 0) / 1024 / 1024;
    out(
      `  juror pack: ${packSubmissions} submissions × ${imagesEach} images → ${state?.done} files, ${mb.toFixed(0)} MB ZIP in ${(packMs / 1000).toFixed(1)} s (${(mb / (packMs / 1000)).toFixed(0)} MB/s), status ${state?.status}`,
    );

    // Scoring by keyboard.
    const juror = await buildUser(app, { name: 'Bench Juror' });
    await app.db.insert(inviteJurors).values({ inviteId: scoreInvite.id, email: juror.email, userId: juror.id, accepted: new Date() });
    await app.db
      .insert(inviteCriteria)
      .values(['A', 'B', 'C'].map((n, order) => ({ inviteId: scoreInvite.id, nameKo: n, nameEn: n, weight: order + 1, order })));
    const token = await createSession(app, juror);
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'axoo-chrome-')), {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      headless: true,
      viewport: { width: 1440, height: 900 },
      baseURL: baseUrl,
    });
    try {
      await context.addCookies([
        { name: 'sessionid', value: token, url: baseUrl, httpOnly: true },
        { name: 'lang', value: 'en', url: baseUrl },
      ]);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`/goodluck/${scoreInvite.id}/jury/`);
      await page.getByTestId('scoring-panel').waitFor({ timeout: 30_000 });
      const t1 = performance.now();
      for (let i = 0; i < scored; i++) {
        const title = await page.getByTestId('item-title').textContent();
        for (const key of ['7', '8', '9']) await page.keyboard.press(key);
        await page.keyboard.press('Enter');
        const exact = new RegExp(`^${(title ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        if (i < scored - 1) await page.getByTestId('item-title').filter({ hasNotText: exact }).waitFor();
      }
      await page.waitForFunction(`document.querySelector('[data-testid=progress]')?.textContent === '${scored} / ${scored} scored'`, undefined, {
        timeout: 60_000,
      });
      const keyboardMs = performance.now() - t1;
      const saved = await app.db
        .select({ id: inviteScores.id })
        .from(inviteScores)
        .innerJoin(inviteJurors, eq(inviteJurors.id, inviteScores.jurorId))
        .where(eq(inviteJurors.inviteId, scoreInvite.id));
      out(
        `  keyboard scoring: ${scored} submissions × 3 criteria (${saved.length} scores saved) in ${(keyboardMs / 1000).toFixed(1)} s, ${(keyboardMs / scored).toFixed(0)} ms per submission`,
      );
    } finally {
      await context.close();
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}
