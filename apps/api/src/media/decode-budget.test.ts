import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { makeImage, makePngBomb } from '../../test/images.ts';
import { DecodeRefused, decodeBudget, decodeCost } from './decode-budget.ts';
import { createPresignedUpload } from './service.ts';

/**
 * Issue #36 (2): image decodes share one memory budget per process. Ten uploads at once of a 14,142 × 14,142 PNG
 * (under the 200-megapixel limit, ~600 MB once decoded) took the process to gigabytes; now they queue for the budget,
 * those that wait too long are told to retry (503), and the site answers meanwhile.
 */
const BUDGET_MB = 1000;
let app: FastifyInstance;
let ownerId: number;
beforeAll(async () => {
  // Memory is measured from a baseline: the database is made as a server makes it. Loaded from the migrated copy,
  // the growth spread from 669 to 1,057 MB over three runs here (over the budget once, CI on ac25a6c); made here,
  // 825-849 MB.
  app = await buildTestApp({ DECODE_BUDGET_MB: BUDGET_MB, RATE_LIMITS: 'off' }, { ownDatabase: true });
  ownerId = (await buildUser(app)).id;
}, 120_000);
afterAll(() => app.close());

const upload = async (bytes: Buffer, lang = 'en') => {
  const answer = await createPresignedUpload(app, {
    ownerId,
    filename: 'big.png',
    contentType: 'image/png',
    size: bytes.length,
    width: 10,
    height: 10,
    prefix: 'tests/decode',
  });
  return app.inject({ method: 'PUT', url: answer.url, payload: bytes, headers: { 'content-type': 'image/png', 'accept-language': lang } });
};

describe('the decode budget', () => {
  it('runs what fits at once, queues the rest in order, refuses what never fits or waits too long', async () => {
    const budget = decodeBudget(100, 200);
    const order: number[] = [];
    const slow = (i: number, ms: number) => () => new Promise<number>((r) => setTimeout(() => r(order.push(i)), ms));
    const runs = [budget.run(60, slow(1, 50)), budget.run(60, slow(2, 10)), budget.run(30, slow(3, 10))];
    expect(budget.used).toBe(60);
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3]);
    await expect(budget.run(101, slow(4, 1))).rejects.toEqual(new DecodeRefused('too_large'));
    const long = budget.run(100, slow(5, 400));
    await expect(budget.run(10, slow(6, 1))).rejects.toEqual(new DecodeRefused('busy'));
    await long;
    expect(budget.used).toBe(0);
  });

  it('costs a decode by its pixels, channels and sample size', () => {
    expect(decodeCost({ width: 14_142, height: 14_142, channels: 3, depth: 'uchar' })).toBeGreaterThan(600 * 1024 * 1024 * 0.9);
    expect(decodeCost({ width: 100, height: 100, channels: 4, depth: 'ushort' })).toBe(100 * 100 * 4 * 2 * 1.25);
  });

  it('ten uploads of a 14,142² PNG at once keep the process within its budget, and the site answers', async () => {
    const png = await makePngBomb(14_142);
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    // The site meanwhile: the health check, every 200 ms, each answered within a second.
    let uploading = true;
    const answers: number[] = [];
    const probing = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await app.inject('/healthz');
        answers.push(res.statusCode === 200 ? performance.now() - started : Number.POSITIVE_INFINITY);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    // The pool's connections opened beforehand: the test is of decoding, and on a loaded machine opening ten
    // PostgreSQL connections at once can take longer than a request may wait for one (2 s; CI on 361494c).
    await Promise.all(Array.from({ length: 10 }, () => app.db.execute(sql`select pg_sleep(0.05)`)));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(png, i % 2 ? 'en' : 'ko')));
    uploading = false;
    await probing;
    clearInterval(sampler);
    const statuses = results.map((r) => r.statusCode);
    const grown = Math.round((peak - baseline) / 1024 / 1024);
    console.log(
      `decode budget ${BUDGET_MB} MB: statuses ${statuses.join(',')}, rss grew ${grown} MB, slowest health check ${Math.round(Math.max(...answers))} ms`,
    );
    // Each decoded, or was told plainly to come back later, in its language.
    for (const [i, res] of results.entries()) {
      expect([200, 201, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json().detail).toBe(
          i % 2 ? 'Images cannot be processed right now. Please try again in a moment.' : '지금은 이미지를 처리할 수 없습니다. 잠시 후 다시 시도하세요.',
        );
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.filter((s) => s < 300).length).toBeGreaterThanOrEqual(1);
    expect(grown).toBeLessThan(BUDGET_MB);
    expect(answers.length).toBeGreaterThan(0);
    expect(Math.max(...answers)).toBeLessThan(1000);
  }, 600_000);

  it('refuses an image the budget could never hold, in the asker’s language', async () => {
    const local = await buildTestApp({ DECODE_BUDGET_MB: 64 });
    try {
      const owner = (await buildUser(local)).id;
      const png = await makeImage(6_000, 6_000);
      const answer = await createPresignedUpload(local, {
        ownerId: owner,
        filename: 'a.png',
        contentType: 'image/png',
        size: png.length,
        width: 10,
        height: 10,
        prefix: 'tests/decode',
      });
      const res = await local.inject({ method: 'PUT', url: answer.url, payload: png, headers: { 'content-type': 'image/png', 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'The image is too large to process.' });
    } finally {
      await local.close();
    }
  }, 120_000);
});
