import { credentialSummarySchema } from '@axoo/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreativeWorkAssertion, IngredientAssertion } from '@trustnxt/c2pa-ts/manifest';
import { media } from '../apps/api/src/db/schema/index.ts';
import { certificatesIn, MANIFEST_MAX_BYTES, READ_TIMEOUT_MS, readCredentials } from '../apps/api/src/media/credentials.ts';
import { signerFromPem, signImage, signWith } from '../apps/api/src/media/sign-credentials.ts';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { makeTestChain } from '../apps/api/test/c2pa.ts';
import { buildUser, loginAs } from '../apps/api/test/factories.ts';
import { makeImage } from '../apps/api/test/images.ts';
import { report, SEED } from './seed.ts';

/**
 * Issue #35 (4): hostile C2PA manifests, generated from a validly signed JPEG: bytes of the manifest flipped, the
 * manifest cut short, box lengths and offsets set to nonsense, random JUMBF, a manifest of more than the bound, and
 * ingredients that point at their own manifest. Read directly, each is "no credentials" or a summary, never a throw,
 * within its time bound, and what is kept has the contract's shape; uploaded through presign → PUT, none answers ≥ 500.
 */
const CASES = 120;
const UPLOADS = 30;

let app: FastifyInstance;
let agent: Agent;
let userId = 0;
let signed: Buffer;
let anchors: ReturnType<typeof certificatesIn>;
let chain: ReturnType<typeof makeTestChain>;

beforeAll(async () => {
  chain = makeTestChain('Fuzz Signer');
  anchors = certificatesIn(chain.root);
  signed = await signImage(await makeImage(64, 48, 'jpeg'), signerFromPem(chain.key, chain.chain), {
    generator: 'Fuzz 1',
    actions: [{ action: 'c2pa.created', source: 'digitalCapture' }],
    author: { name: 'Fuzz' },
    training: 'notAllowed',
  });
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0, C2PA_TRUST_ANCHORS: chain.rootFile });
  const user = await buildUser(app);
  userId = user.id;
  agent = new Agent(app, 'en');
  await loginAs(agent, user);
});
afterAll(() => app?.close());

/** The APP11 (JUMBF) segments of a JPEG: where each payload starts and ends. */
function app11Segments(jpeg: Buffer): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff && jpeg[i + 1] !== 0xda) {
    const length = jpeg.readUInt16BE(i + 2);
    if (jpeg[i + 1] === 0xeb) found.push({ start: i + 4, end: i + 2 + length });
    i += 2 + length;
  }
  return found;
}

type Mutation =
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'cut'; at: number }
  | { kind: 'length'; at: number; value: number }
  | { kind: 'random'; bytes: Uint8Array };

const mutation: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
    // A JUMBF box length (LBox) or an offset: 0, 1, 8, huge, past the end.
    fc.record({ kind: fc.constant('length' as const), at: fc.nat(), value: fc.constantFrom(0, 1, 8, 0x7fffffff, 0xffffffff, 65_535) }),
    fc.record({ kind: fc.constant('random' as const), bytes: fc.uint8Array({ minLength: 16, maxLength: 2000 }) }),
  ),
  { minLength: 1, maxLength: 6 },
);

/** The signed JPEG with its manifest's payload changed; the JPEG segment lengths stay true, so the image still parses. */
function mutate(base: Buffer, changes: Mutation[]): Buffer {
  const [segment] = app11Segments(base);
  // Past the APP11 common header (CI, En, Z) the JUMBF boxes begin.
  const head = segment.start + 8;
  let payload = Buffer.from(base.subarray(head, segment.end));
  for (const c of changes) {
    if (c.kind === 'flip') payload[c.at % payload.length] = c.value;
    else if (c.kind === 'cut') payload = payload.subarray(0, c.at % payload.length);
    else if (c.kind === 'length') {
      // A payload cut under four bytes has no length field left to forge.
      if (payload.length >= 4) payload.writeUInt32BE(c.value >>> 0, c.at % (payload.length - 3));
    } else payload = Buffer.concat([payload.subarray(0, 8), Buffer.from(c.bytes)]);
  }
  return withApp11(base, segment, payload);
}

/** The JPEG with one APP11 segment's JUMBF payload replaced (its segment length rewritten to fit). */
function withApp11(base: Buffer, segment: { start: number; end: number }, payload: Buffer): Buffer {
  const header = Buffer.from(base.subarray(segment.start, segment.start + 8));
  const length = Buffer.alloc(2);
  length.writeUInt16BE(2 + header.length + payload.length);
  return Buffer.concat([base.subarray(0, segment.start - 2), length, header, payload, base.subarray(segment.end)]);
}

/** A validly signed manifest larger than the bound (an author's name of more than MANIFEST_MAX_BYTES). */
async function hugeManifest(): Promise<Buffer> {
  return signWith(await makeImage(32, 32, 'jpeg'), signerFromPem(chain.key, chain.chain), (manifest) => {
    const work = new CreativeWorkAssertion();
    work.creativeWork = {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      author: [{ '@type': 'Person', name: 'x'.repeat(MANIFEST_MAX_BYTES + 1000) }],
    } as never;
    manifest.addAssertion(work);
  });
}

/** A signed JPEG whose ingredients point at its own manifest (a loop), `count` of them. */
async function selfIngredients(count: number): Promise<Buffer> {
  return signWith(await makeImage(32, 32, 'jpeg'), signerFromPem(chain.key, chain.chain), (manifest) => {
    for (let i = 0; i < count; i++) {
      const ingredient = IngredientAssertion.create(`loop ${i}`, 'image/jpeg', `xmp:iid:loop-${i}`);
      ingredient.relationship = 'componentOf' as never;
      ingredient.activeManifest = { uri: `self#jumbf=/c2pa/${manifest.label}`, algorithm: 'SHA-256', hash: new Uint8Array(32) };
      manifest.addAssertion(ingredient);
    }
  });
}

async function readTimed(bytes: Buffer) {
  const started = performance.now();
  const read = await readCredentials(bytes, anchors);
  return { read, ms: performance.now() - started };
}

describe('hostile Content Credentials (issue #35)', () => {
  it('reads every generated manifest as a summary or as none, never a throw, within the time bound', async () => {
    let none = 0;
    let slowest = 0;
    const files = fc.sample(mutation, { seed: SEED, numRuns: CASES }).map((m) => mutate(signed, m));
    for (const bytes of files) {
      const { read, ms } = await readTimed(bytes);
      slowest = Math.max(slowest, ms);
      // What is kept always has the contract's shape (bounded texts and lists), whatever the manifest held.
      if (read.summary === null) none++;
      else credentialSummarySchema.parse(read.summary);
    }
    expect(slowest).toBeLessThan(READ_TIMEOUT_MS + 1000);
    report('content credentials fuzz', { files: files.length, none, slowestMs: Math.round(slowest) });
  });

  it('refuses a manifest over the size bound, and ingredients that loop back to their own manifest', async () => {
    const huge = await readTimed(await hugeManifest());
    expect(huge.read.summary).toBeNull();
    expect(huge.read.reason).toMatch(/^manifest of \d+ bytes$/);
    const loop = await readTimed(await selfIngredients(3));
    expect(loop.ms).toBeLessThan(READ_TIMEOUT_MS + 1000);
    if (loop.read.summary) expect(loop.read.summary.ingredients).toBe(3);
    const many = await readTimed(await selfIngredients(300));
    expect(many.read).toEqual({ summary: null, reason: '301 assertions' });
    report('content credentials bounds', { hugeMs: Math.round(huge.ms), loopMs: Math.round(loop.ms), manyMs: Math.round(many.ms) });
  });

  it('uploads of hostile manifests never answer 500 and store only well-formed summaries', async () => {
    const files = [
      ...fc.sample(mutation, { seed: SEED + 1, numRuns: UPLOADS }).map((m) => mutate(signed, m)),
      await hugeManifest(),
      await selfIngredients(300),
    ];
    const statuses = new Map<number, number>();
    for (const bytes of files) {
      const presign = await agent.post(`/api/v1/users/${userId}/presign/`, {
        filename: 'x.jpg',
        type: 'image/jpeg',
        width: 10,
        height: 10,
        size: bytes.length,
      });
      expect(presign.statusCode).toBe(200);
      const { url, filename } = presign.json();
      const put = await app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': 'image/jpeg' } });
      statuses.set(put.statusCode, (statuses.get(put.statusCode) ?? 0) + 1);
      expect(put.statusCode).toBeLessThan(500);
      const [row] = await app.db.select({ credentials: media.credentials }).from(media).where(eq(media.key, filename));
      if (row.credentials) credentialSummarySchema.parse(row.credentials);
    }
    report('content credentials uploads', { files: files.length, statuses: Object.fromEntries(statuses) });
  });
});
