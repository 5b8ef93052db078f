import { IMAGE_MAX_BYTES, translate } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from './app.ts';
import { buildArtwork, buildStaff, loginAs } from './factories.ts';

/**
 * SPEC §4 Image upload, §7 presign: every presign endpoint applies the same limits (the contract's IMAGE_MAX_BYTES
 * and image types) with the same messages in the request's language.
 */
let app: FastifyInstance;
let endpoints: string[];
const agents: Record<'ko' | 'en', Agent> = {} as never;

beforeAll(async () => {
  app = await buildTestApp();
  const staff = await buildStaff(app);
  const artwork = await buildArtwork(app, staff);
  endpoints = [
    `/api/v1/artworks/${artwork.id}/presign/`,
    `/api/v1/users/${staff.id}/presign/`,
    '/api/v1/admin/presign/',
    '/api/v1/invites/presign/',
    '/api/v1/invite-columns/presign/',
  ];
  for (const lang of ['ko', 'en'] as const) {
    agents[lang] = new Agent(app, lang);
    await loginAs(agents[lang], staff);
  }
});
afterAll(() => app.close());

const body = (type: string, size: number) => ({ filename: 'a.png', type, width: 10, height: 10, size });

describe('presign limits, the same on every endpoint', () => {
  it.each(['ko', 'en'] as const)('in %s: refuses a type outside JPG, PNG, GIF, WebP and one byte over the limit, per field', async (lang) => {
    for (const url of endpoints) {
      const svg = await agents[lang].post(url, body('image/svg+xml', 100));
      expect(svg.statusCode, url).toBe(400);
      expect(svg.json(), url).toEqual({ type: [translate(lang, 'media.type_invalid')] });
      const big = await agents[lang].post(url, body('image/png', IMAGE_MAX_BYTES + 1));
      expect(big.statusCode, url).toBe(400);
      expect(big.json(), url).toEqual({ size: [translate(lang, 'media.too_large')] });
    }
  });

  it('accepts exactly the limit, and signs the limit into the upload URL', async () => {
    expect(IMAGE_MAX_BYTES).toBe(10_485_760);
    for (const url of endpoints) {
      const res = await agents.en.post(url, body('image/png', IMAGE_MAX_BYTES));
      expect(res.statusCode, url).toBe(200);
      expect(new URL(res.json().url, 'http://x').searchParams.get('max'), url).toBe(String(IMAGE_MAX_BYTES));
    }
  });
});
