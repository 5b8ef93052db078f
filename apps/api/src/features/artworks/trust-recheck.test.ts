import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildPeerApp, buildTestApp } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { makeTestChain, type TestChain } from '../../../test/c2pa.ts';
import { buildPremium, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { buildArtwork } from '../../../test/factories.ts';
import { credentialTrust, jobs, media, mediaCredentialChains } from '../../db/schema/index.ts';
import { certificatesIn, trustFingerprint } from '../../media/credentials.ts';
import { signerFromPem, signImage } from '../../media/sign-credentials.ts';
import { queueTrustRecheck, recheckTrust, TRUST_RECHECK_JOB, type TrustRecheckPayload } from './trust-recheck.ts';

/**
 * Issue #35, the trust list we ship and can update: an image uploaded under one list is decided again when the
 * processes restart with another. A restart is a new process on the same database while the old one stays (as in a
 * rolling restart): on PostgreSQL a peer app with its own pool, on PGlite a second app on the same embedded database.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const dir = mkdtempSync(join(tmpdir(), 'axoo-trust-'));
const emptyList = join(dir, 'empty.pem');
writeFileSync(emptyList, '');
let chain: TestChain;
let withRoot: string;
const opened: FastifyInstance[] = [];
let app: FastifyInstance;

/** Another process started with this trust list (the first one opens the database); jobs run when a test drains them. */
async function startProcess(list: string): Promise<FastifyInstance> {
  const [first] = opened;
  let started: FastifyInstance;
  if (!first) started = await buildTestApp({ C2PA_TRUST_ANCHORS: list, JOBS_POLL_MS: 0 });
  else if (onServer) started = await buildPeerApp(first, { C2PA_TRUST_ANCHORS: list });
  else {
    // The database stays the first app's to close.
    started = await buildApp({ config: { ...first.config, C2PA_TRUST_ANCHORS: list }, database: { ...first.database, close: async () => {} }, logger: false });
    await started.ready();
  }
  opened.push(started);
  return started;
}

/** The app restarted with this list. */
const start = async (list: string) => {
  app = await startProcess(list);
  return app;
};

beforeAll(() => {
  chain = makeTestChain('Rechecked Camera Co');
  withRoot = join(dir, 'with-root.pem');
  // A comment and the root: the fingerprint is of the certificates, not of the file's text.
  writeFileSync(withRoot, `# test list\n${chain.root}`);
});
afterAll(async () => {
  for (const a of opened.reverse()) await a.close();
});

const queuedRechecks = async () =>
  (
    await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, TRUST_RECHECK_JOB), eq(jobs.status, 'queued')))
  ).length;
const stateOf = async (key: string) => (await app.db.select({ c: media.credentials }).from(media).where(eq(media.key, key)))[0]?.c?.state;
const inFilter = async (id: number) =>
  ((await new Agent(app).get('/api/v1/artworks/?limit=50&credentials=valid')).json().results as { id: number }[]).some((a) => a.id === id);

let artist: UserRow;
let artwork: { id: number; key: string };

// Each test starts processes (migrations, plugins): on a busy machine that takes longer than the default.
describe('re-deciding trust when the trust list changes (issue #35)', { timeout: 240_000 }, () => {
  it('uploads under an empty list as untrusted, keeping the chain server-side only', async () => {
    await start(emptyList);
    artist = await buildPremium(app, { name: 'Ha Eun' });
    const author = new Agent(app);
    await loginAs(author, artist);
    const bytes = await signImage(await makeImage(100, 70, 'jpeg'), signerFromPem(chain.key, chain.chain), {
      generator: 'Rechecked Camera 1',
      actions: [{ action: 'c2pa.created', source: 'digitalCapture' }],
    });
    const { id } = await buildArtwork(app, artist);
    const presigned = (await author.post(`/api/v1/artworks/${id}/presign/`, { filename: 'a.jpg', type: 'image/jpeg' })).json();
    expect((await app.inject({ method: 'PUT', url: presigned.url, payload: bytes, headers: { 'content-type': 'image/jpeg' } })).statusCode).toBe(200);
    const key = presigned.filename as string;
    const saved = await author.put(`/api/v1/artworks/${id}/`, { cover: key, raw_cover: key, cropped_cover: key, content: `<p><img src="/media/${key}"></p>` });
    expect(saved.statusCode).toBe(200);
    artwork = { id, key };
    expect(await stateOf(key)).toBe('untrusted');
    expect(await inFilter(id)).toBe(false);
    const [stored] = await app.db.select().from(mediaCredentialChains).where(eq(mediaCredentialChains.key, key));
    expect(certificatesIn(stored.chain).map((c) => c.subject)).toEqual([
      'CN=Rechecked Camera Co Signer, O=Rechecked Camera Co',
      'CN=Rechecked Camera Co Root, O=Rechecked Camera Co',
    ]);

    // No answer carries the stored chain: neither the certificates' text nor their base64 body.
    const bodyOf = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '').slice(40, 100);
    const answers = await Promise.all(
      [`/api/v1/artworks/${id}/credentials/`, `/api/v1/artworks/${id}/`, '/api/v1/artworks/?limit=50', `/media/${key}`, `/api/v1/users/${artist.id}/`].map(
        (url) => author.get(url),
      ),
    );
    for (const res of answers) {
      const text = res.rawPayload.toString('latin1');
      expect(text).not.toContain('BEGIN CERTIFICATE');
      for (const pem of stored.chain.split(/(?=-----BEGIN)/)) expect(text).not.toContain(bodyOf(pem));
    }
    // And nothing but the upload and the re-check reads or writes the table.
    const users = sourceFiles(join(import.meta.dirname, '../..')).filter((f) => /mediaCredentialChains|media_credential_chains/.test(readFileSync(f, 'utf8')));
    expect(users.map((f) => f.slice(f.indexOf('/src/') + 5)).sort()).toEqual(['db/schema/site.ts', 'features/artworks/trust-recheck.ts', 'media/service.ts']);
  });

  it('re-decides it as valid after a restart with the root on the list, and puts the artwork in ?credentials=valid', async () => {
    await start(withRoot);
    expect(await queuedRechecks()).toBe(1);
    // A guest's list answered before the job is not kept after it (the caches hear the re-check as a write).
    expect(await inFilter(artwork.id)).toBe(false);
    await app.jobs.drain();
    expect(await stateOf(artwork.key)).toBe('valid');
    expect(await inFilter(artwork.id)).toBe(true);
    const [trust] = await app.db.select().from(credentialTrust);
    expect(trust).toMatchObject({ fingerprint: trustFingerprint(certificatesIn(chain.root)), pending: null });
    const [detail] = (await new Agent(app).get(`/api/v1/artworks/${artwork.id}/credentials/`)).json().images;
    expect(detail.credentials.state).toBe('valid');
  });

  it('re-decides it as untrusted when the root is removed again, and takes the artwork out of the filter', async () => {
    await start(emptyList);
    expect(await queuedRechecks()).toBe(1);
    expect(await inFilter(artwork.id)).toBe(true);
    await app.jobs.drain();
    expect(await stateOf(artwork.key)).toBe('untrusted');
    expect(await inFilter(artwork.id)).toBe(false);
    // Started again on the same list: nothing to re-check.
    await start(emptyList);
    expect(await queuedRechecks()).toBe(0);
  });

  it('queues a re-check again at the next start when the last one failed for good', async () => {
    const root = certificatesIn(chain.root);
    expect(await queueTrustRecheck(app.db, root)).toBe(true);
    expect(await queueTrustRecheck(app.db, root)).toBe(false);
    await app.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.kind, TRUST_RECHECK_JOB));
    expect(await queueTrustRecheck(app.db, root)).toBe(true);
    // Back to the list the states were decided under before either ran: that supersedes both.
    expect(await queueTrustRecheck(app.db, [])).toBe(true);
    await app.jobs.drain();
    expect(await stateOf(artwork.key)).toBe('untrusted');
    expect((await app.db.select().from(credentialTrust))[0]).toMatchObject({ fingerprint: trustFingerprint([]), pending: null });
  });

  it('queues one re-check when two processes start together with a new list', async () => {
    const [, second] = await Promise.all([startProcess(withRoot), startProcess(withRoot)]);
    app = second;
    expect(await queuedRechecks()).toBe(1);
    await app.jobs.drain();
    expect(await stateOf(artwork.key)).toBe('valid');
    expect(await inFilter(artwork.id)).toBe(true);
  });

  it('lets a newer change supersede a re-check that has not run, and goes on in stretches', async () => {
    const empty: TrustRecheckPayload = { fingerprint: trustFingerprint([]), anchors: [] };
    expect(await queueTrustRecheck(app.db, [])).toBe(true);
    expect(await queueTrustRecheck(app.db, certificatesIn(chain.root))).toBe(true);
    // The older job finds the list it applies is no longer the one to apply: it changes nothing.
    expect(await recheckTrust(app.db, empty)).toMatchObject({ superseded: true, next: null });
    expect(await stateOf(artwork.key)).toBe('valid');
    await app.jobs.drain();
    expect(await stateOf(artwork.key)).toBe('valid');
    expect((await app.db.select().from(credentialTrust))[0]).toMatchObject({ fingerprint: trustFingerprint(certificatesIn(chain.root)), pending: null });
  });
});

describe('trust list fingerprint (issue #35)', () => {
  it('is the same for the same certificates in another order or with comments, and differs with another list', () => {
    const other = makeTestChain('Other Co');
    const both = certificatesIn(chain.root + other.root);
    expect(trustFingerprint(certificatesIn(`# a comment\n${other.root}\n${chain.root}`))).toBe(trustFingerprint(both));
    expect(trustFingerprint(certificatesIn(chain.root))).not.toBe(trustFingerprint(both));
    expect(trustFingerprint([])).toMatch(/^[0-9a-f]{64}$/);
  });
});

function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}
