import { randomBytes } from 'node:crypto';
import { Agent as HttpAgent, get as httpGet } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { banners, invites, media, sessions } from '../apps/api/src/db/schema/index.ts';
import { LIMITS } from '../apps/api/src/features/accounts/throttle.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, PASSWORD, type UserRow } from '../apps/api/test/factories.ts';
import { Client } from './client.ts';
import { ASSET, Cluster } from './harness.ts';
import { phasedLoad } from './load.ts';

/**
 * Issue #13, "Prove it": three app processes behind nginx on loopback, with the machine's PostgreSQL, a Redis, an
 * S3 peer (s3rver, which checks signatures) and an SMTP peer (smtp-server) — the deployment of docs/DEPLOYING.md.
 * Figures (invalidation delays, load and failover counts) are printed for the closing note; timings are asserted
 * only where the issue states them as behaviour (within 1 s, within 100 ms is the unit suite's).
 */
const figures: Record<string, unknown> = {};
const refusals = new Map<string, number>();
const delivered: { to: string; subject: string }[] = [];
let s3: S3rver;
let s3Client: S3Client;
let smtp: SMTPServer;
let cluster: Cluster;
let database: Database;
let app: FastifyInstance;
const stamp = randomBytes(3).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function within<T>(ms: number, what: string, probe: () => Promise<T | undefined | false>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value) return { value, ms: Math.round(performance.now() - started) };
    if (performance.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 's3rver-')), configureBuckets: [{ name: 'media' }] });
  const s3Url = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  s3Client = new S3Client({ endpoint: s3Url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address) ?? 0;
      if (left > 0) {
        refusals.set(address.address, left - 1);
        return callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (d) => (text += d));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) delivered.push({ to: r.address, subject });
        callback();
      });
    },
  });
  const smtpPort = await new Promise<number>((ok) => smtp.listen(0, '127.0.0.1', () => ok((smtp.server.address() as AddressInfo).port)));
  cluster = new Cluster({
    processes: 3,
    env: {
      S3_BUCKET: 'media',
      S3_ENDPOINT: s3Url,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'AXOO <no-reply@axoo.test>',
      JOBS_RETRY_BASE_MS: '1500',
      INVITE_SWEEP_MS: '2000',
      SESSION_SWEEP_MS: '2000',
    },
  });
  await cluster.start();
  database = await openDatabase({ url: cluster.databaseUrl, pgliteDir: '' });
  app = { db: database.db } as unknown as FastifyInstance;
}, 400_000);

afterAll(async () => {
  console.log(`cluster figures: ${JSON.stringify(figures)}`);
  // The processes' own logs (warnings and errors only) when something went wrong, or when asked.
  for (const [i, a] of (cluster?.apps ?? []).entries())
    if (a.log && (process.env.CLUSTER_LOGS || /"level":50/.test(a.log))) console.log(`--- app ${i} ---\n${a.log.slice(-4000)}`);
  await database?.close();
  await cluster?.close();
  await s3?.close();
  await new Promise<void>((ok) => (smtp ? smtp.close(() => ok()) : ok()));
});

async function logIn(user: UserRow, base?: string) {
  const client = new Client(cluster.url);
  const res = await client.json('POST', '/accounts/login/', { email: user.email, password: PASSWORD }, base);
  expect(res.status).toBe(200);
  return client;
}

/** An image uploaded as the browser does (presign, PUT to the S3 peer, complete); returns its key. */
async function upload(client: Client, presignPath: string, png: Buffer, width: number, height: number) {
  const presign = await client.json<{ url: string; filename: string; headers: Record<string, string>; complete_url: string }>('POST', presignPath, {
    filename: 'image.png',
    type: 'image/png',
    width,
    height,
    size: png.length,
  });
  expect(presign.status).toBe(200);
  expect((await fetch(presign.body.url, { method: 'PUT', body: new Uint8Array(png), headers: presign.body.headers })).status).toBe(200);
  expect((await client.json('POST', presign.body.complete_url, { filename: presign.body.filename })).status).toBe(200);
  return presign.body.filename;
}

describe('three processes behind nginx (issue #13)', () => {
  it('1. the login limit holds across processes, and rotating X-Forwarded-For does not reset it', async () => {
    const target = await buildUser(app);
    const client = new Client(cluster.url);
    await client.prime();
    // nginx spreads these over the three processes; each claims a new address the balancer does not believe.
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      const res = await client.request(
        'POST',
        '/accounts/login/',
        { email: `spray${i}.${stamp}@example.com`, password: 'Wrong12345' },
        { headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      expect(res.status).toBe(400);
    }
    const blocked = await client.request(
      'POST',
      '/accounts/login/',
      { email: target.email, password: PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.77' } },
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Every process refuses, not only the one that counted the last failure.
    for (const a of cluster.apps) {
      const direct = await client.request('POST', '/accounts/login/', { email: target.email, password: PASSWORD }, { base: a.url });
      expect(direct.status).toBe(429);
    }
    // The window ends (as it would after 15 minutes) so the other journeys from this address can log in.
    const redis = new Redis(cluster.redisUrl);
    const keys = await redis.keys('axoo:count:loginPerIp:*');
    expect(keys.length).toBe(1);
    await redis.del(...keys);
    await redis.quit();
  });

  it('2. a write through process A shows in a guest answer of process B and C within 1 s', async () => {
    const staff = await buildStaff(app);
    const artist = await buildPremium(app);
    const artwork = await buildArtwork(app, artist, { title: `Level ${stamp}` });
    const [a, b, c] = cluster.apps;
    const guest = new Client(cluster.url);
    const level = async (base: string) => (await guest.json<{ level: number | null }>('GET', `/api/v1/artworks/${artwork.id}/`, undefined, base)).body.level;
    // B's guest answer is cached (2 s) before the write.
    expect(await level(b.url)).toBeNull();
    const editor = await logIn(staff, a.url);
    expect((await editor.json('PATCH', `/api/v1/artworks/${artwork.id}/`, { level: 5 }, a.url)).status).toBe(200);
    const onB = await within(1000, 'the level on B', async () => (await level(b.url)) === 5);
    figures.invalidation_detail_ms = onB.ms;

    // The home page data (banners by level) on C, after a banner write on A. C's answer is cached first; a row
    // written behind the app's back (no write through any process) stays unseen, so what follows is the channel.
    const shown = async () =>
      ((await guest.json<{ banners: { id: number }[] }>('GET', '/api/v1/site/', undefined, c.url)).body.banners ?? []).some((x) => x.id === banner.id);
    await guest.json('GET', '/api/v1/site/', undefined, c.url);
    await app.db
      .insert(media)
      .values({ key: `banners/${stamp}.png`, ownerId: staff.id, contentType: 'image/png', size: 10, width: 10, height: 10, status: 'ready' });
    const [banner] = await app.db
      .insert(banners)
      .values({ image: `banners/${stamp}.png`, url: 'https://example.com/', level: null })
      .returning();
    expect(await shown()).toBe(false);
    const put = await editor.json('PUT', `/api/v1/banners/${banner.id}/`, { image: banner.image, url: banner.url, alt: '', level: 1 }, a.url);
    expect(put.status).toBe(200);
    const onC = await within(1000, 'the banner on C', shown);
    figures.invalidation_site_ms = onC.ms;
  });

  it('3. sessions and CSRF work whichever process answers', async () => {
    const member = await buildUser(app);
    const artist = await buildPremium(app);
    const artworks = await Promise.all([1, 2, 3].map(() => buildArtwork(app, artist)));
    const client = await logIn(member);
    for (const [i, a] of cluster.apps.entries()) {
      const me = await client.json<{ id: number }>('GET', '/api/v1/users/me/', undefined, a.url);
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(member.id);
      // A write with the token handed out by another process.
      expect((await client.json('POST', '/api/v1/collections/', { artwork: artworks[i].id }, a.url)).status).toBe(201);
    }
    const forged = await client.request(
      'POST',
      '/api/v1/collections/',
      { artwork: artworks[0].id },
      { base: cluster.apps[1].url, headers: { 'x-csrftoken': 'forged' } },
    );
    expect(forged.status).toBe(403);
  });

  it('4. under load, kill -9 loses no acknowledged write, and pages, assets, images and the API are served through a kill and a rolling restart', async () => {
    const member = await buildUser(app);
    // An image in the store, so renditions are part of the load (nginx keeps them once made, like assets).
    const image = `load/${stamp}.png`;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa6622' } })
      .png()
      .toBuffer();
    await s3Client.send(new PutObjectCommand({ Bucket: 'media', Key: image, Body: png, ContentType: 'image/png' }));
    const artist = await buildPremium(app);
    const ids: number[] = [];
    for (let i = 0; i < 260; i++) ids.push((await buildArtwork(app, artist, { title: `Load ${stamp} ${i}` })).id);
    const writer = await logIn(member);
    const reader = await logIn(await buildUser(app));
    const started = Date.now();
    let phase: 'steady' | 'kill' | 'rolling' | 'after' = 'steady';
    const writes: { phase: string; status: number; artwork: number }[] = [];
    let stop = false;
    const writing = (async () => {
      let next = 0;
      while (!stop && next < ids.length) {
        const artwork = ids[next++];
        const status = await writer.request('POST', '/api/v1/collections/', { artwork }).then(
          (r) => r.status,
          () => 0,
        );
        writes.push({ phase, status, artwork });
        // Spread over the phases, so the rolling restart still sees writes on a slow machine.
        await sleep(200);
      }
    })();
    // Member reads (uncached), pages (the HTML every visit starts with), the web build's asset and an image's
    // rendition; /api/v1/site/ is left out as it has a rate limit of its own.
    const paths = [
      '/api/v1/artworks/?limit=24',
      `/api/v1/artworks/${ids[0]}/`,
      '/api/v1/users/me/',
      `/api/v1/artworks/?limit=24&offset=48`,
      '/',
      `/artworks/${ids[1]}/`,
      ASSET,
      `/media/${image}?w=480`,
    ];
    const connections = 8;
    // Answers counted phase by phase: what a visitor sees while nothing happens, while a process dies, and during a
    // rolling restart of all three.
    const load = phasedLoad({
      url: cluster.url,
      connections,
      phase,
      requests: paths.map((path) => ({
        method: 'GET' as const,
        path,
        headers: { cookie: [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; '), accept: 'image/webp,*/*', 'accept-encoding': 'gzip, br' },
      })),
    });
    const { perPhase } = load;
    await sleep(4000);
    phase = load.phase = 'kill';
    await cluster.kill(2);
    await sleep(3000);
    await cluster.startApp(2);
    await sleep(1000);
    phase = load.phase = 'rolling';
    // As docs/DEPLOYING.md says, one at a time: nginx, reloaded with the process marked down, sends it nothing new;
    // it drains and stops, starts again, and nginx, reloaded, takes it back. (Stopped while nginx still sent it
    // requests, the moment it stopped listening could cross a write nginx had just sent on a new connection: a 502
    // nginx must not retry, CI on f58955d.)
    for (const i of [0, 1, 2]) {
      await cluster.route([i]);
      await cluster.stop(i);
      await cluster.startApp(i);
      await cluster.route([]);
      await sleep(1000);
    }
    phase = load.phase = 'after';
    const read = await load.stop();
    stop = true;
    await writing;

    const acknowledged = writes.filter((w) => w.status === 200 || w.status === 201).map((w) => w.artwork);
    const stored = await cluster.query<{ artwork_id: number }>('select artwork_id from collections where user_id = $1', [member.id]);
    const storedIds = new Set(stored.map((r) => r.artwork_id));
    const lost = acknowledged.filter((id) => !storedIds.has(id));
    const byPhase = (p: string) => writes.filter((w) => w.phase === p);
    figures.load = {
      seconds: Math.round((Date.now() - started) / 1000),
      reads: read.requests.total,
      reads_per_s: Math.round(read.requests.average),
      read_non2xx: read.non2xx,
      read_status: read.statusCodeStats,
      read_errors: read.errors,
      read_p99_ms: read.latency.p99,
      writes: writes.length,
      writes_acknowledged: acknowledged.length,
      writes_failed_in_kill: byPhase('kill').filter((w) => w.status !== 200 && w.status !== 201).length,
      writes_failed_in_rolling: byPhase('rolling').filter((w) => w.status !== 200 && w.status !== 201).length,
      reads_by_phase: perPhase,
      lost,
    };
    expect(lost).toEqual([]);
    // Idempotent requests: nginx retried every one the killed process had not begun to answer. One whose answer
    // was already streaming when kill -9 hit cannot be retried by any proxy (its client sees the connection end):
    // at most one per connection, and only at that instant.
    expect(read.non2xx).toBe(0);
    expect(read.errors).toBeLessThanOrEqual(connections);
    // Phase by phase: each phase served reads, none refused one; only the kill may cut an answer on its way.
    for (const p of ['steady', 'kill', 'rolling'] as const) {
      expect(perPhase[p]?.ok ?? 0).toBeGreaterThan(0);
      expect(perPhase[p]?.non2xx ?? 0).toBe(0);
    }
    expect(perPhase.steady.errors + perPhase.rolling.errors).toBe(0);
    // The rolling restart refused nothing, writes included.
    expect(byPhase('rolling').length).toBeGreaterThan(10);
    expect(byPhase('rolling').filter((w) => w.status !== 200 && w.status !== 201)).toEqual([]);
  }, 300_000);

  it('4b. a process told to stop drains: it still serves, closes each connection after its answer and says 503 on /readyz, then exits', async () => {
    // Straight to the process, not through nginx, on a connection it may keep (as nginx asks): what nginx sees of it.
    const ask = (path: string) =>
      new Promise<{ status: number; connection: string }>((ok, fail) => {
        const agent = new HttpAgent({ keepAlive: true });
        httpGet(`${cluster.apps[1].url}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            agent.destroy();
            ok({ status: res.statusCode ?? 0, connection: String(res.headers.connection) });
          });
        }).on('error', fail);
      });
    expect(await ask('/readyz')).toEqual({ status: 200, connection: 'keep-alive' });
    const told = Date.now();
    const stopping = cluster.stopping(1);
    let gone = false;
    void stopping?.exit.then(() => (gone = true));
    await sleep(300);
    expect(await ask('/readyz')).toEqual({ status: 503, connection: 'close' });
    expect(await ask('/healthz')).toEqual({ status: 200, connection: 'close' });
    expect((await ask('/api/v1/site/')).status).toBe(200);
    expect(gone).toBe(false);
    await stopping?.exit;
    // The drain (5 s, past nginx's 4 s idle timeout), then the close.
    expect(Date.now() - told).toBeGreaterThanOrEqual(5000);
    await cluster.startApp(1);
    expect(await ask('/readyz')).toEqual({ status: 200, connection: 'keep-alive' });
  }, 60_000);

  it('5. the invite sweep and the session expiry run once per period, not once per process', async () => {
    const owner = await buildUser(app);
    const [invite] = await app.db
      .insert(invites)
      .values({ ownerId: owner.id, title: `Sweep ${stamp}`, status: 'ongoing', closed: new Date(Date.now() - 60_000) })
      .returning();
    await app.db.insert(sessions).values({ id: `expired-${stamp}`, userId: owner.id, expires: new Date(Date.now() - 1000) });
    const runs = async (name: string) =>
      Number((await cluster.query<{ runs: number }>('select runs from job_schedules where name = $1', [name]))[0]?.runs ?? 0);
    const before = { invites: await runs('invites.examination'), sessions: await runs('sessions.expire') };
    const window = 8_000;
    await sleep(window);
    const after = { invites: await runs('invites.examination'), sessions: await runs('sessions.expire') };
    const periods = window / 2000;
    figures.sweeps = {
      window_ms: window,
      period_ms: 2000,
      processes: 3,
      invite_runs: after.invites - before.invites,
      session_runs: after.sessions - before.sessions,
    };
    // One run per 2 s period across the cluster (a little slack for timers); three processes alone would make ~12.
    for (const n of [after.invites - before.invites, after.sessions - before.sessions]) {
      expect(n).toBeGreaterThanOrEqual(periods - 1);
      expect(n).toBeLessThanOrEqual(periods + 1);
    }
    expect((await cluster.query<{ status: string }>('select status from invites where id = $1', [invite.id]))[0].status).toBe('examination');
    expect(await cluster.query('select id from sessions where id = $1', [`expired-${stamp}`])).toEqual([]);
  });

  it('6. a mail refused twice is delivered on the third try, though the process that queued it was killed', async () => {
    const user = await buildUser(app, { email: `flaky.${stamp}@example.com`, language: 'en' });
    refusals.set(user.email, 2);
    const client = new Client(cluster.url);
    const [a] = cluster.apps;
    expect((await client.json('POST', '/api/v1/users/password_reset/', { email: user.email }, a.url)).status).toBe(200);
    const job = async () =>
      (
        await cluster.query<{ status: string; attempts: number }>(`select status, attempts from jobs where kind = 'mail' and payload->>'to' = $1`, [user.email])
      )[0];
    // The first try was refused; the process that wrote the job dies before the next one.
    await within(10_000, 'the first refusal', async () => (await job())?.attempts === 1 && (await job())?.status === 'queued');
    await cluster.kill(0);
    const sent = await within(20_000, 'the delivery', async () => delivered.find((d) => d.to === user.email));
    figures.mail_retry_ms = sent.ms;
    // The SMTP peer has the mail before the worker marks its job done (its next statement).
    const finished = await within(10_000, 'the job marked done', async () => ((await job())?.status === 'done' ? job() : undefined));
    expect(finished.value).toEqual({ status: 'done', attempts: 3 });
    expect(delivered.filter((d) => d.to === user.email)).toHaveLength(1);
    await cluster.startApp(0);
  }, 60_000);

  it('8. an image asked for before its bytes arrived is served once they have (nginx keeps no 404)', async () => {
    const key = `late/${stamp}.png`;
    const ask = () => fetch(`${cluster.url}/media/${key}?w=156`, { headers: { accept: 'image/webp' } });
    expect((await ask()).status).toBe(404);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#22aa66' } })
      .png()
      .toBuffer();
    await s3Client.send(new PutObjectCommand({ Bucket: 'media', Key: key, Body: png, ContentType: 'image/png' }));
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });

  it('7. deleting an account removes its files and renditions from the S3 peer', async () => {
    const user = await buildUser(app);
    const client = await logIn(user);
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    const key = await upload(client, `/api/v1/users/${user.id}/presign/`, png, 400, 400);
    const ask = () => fetch(`${cluster.url}/media/${key}?w=156`, { headers: { accept: 'image/webp' } });
    expect((await ask()).status).toBe(200);
    // nginx keeps it: the deletion must reach its copy too (issue #29).
    expect((await ask()).headers.get('x-cache')).toBe('HIT');
    const inBucket = (k: string) =>
      s3Client.send(new GetObjectCommand({ Bucket: 'media', Key: k })).then(
        () => true,
        () => false,
      );
    expect(await inBucket(key)).toBe(true);
    expect(await inBucket(`_renditions/${key}/156.webp`)).toBe(true);
    expect((await client.request('DELETE', `/api/v1/users/${user.id}/`)).status).toBe(204);
    const gone = await within(10_000, 'the files to go', async () => !(await inBucket(key)) && !(await inBucket(`_renditions/${key}/156.webp`)));
    figures.deletion_cleanup_ms = gone.ms;
    // Issue #29: within 60 s of the deletion the old URL answers 404 through nginx, whatever it kept.
    const unserved = await within(60_000, 'nginx to stop serving the deleted image', async () => (await ask()).status === 404);
    figures.deletion_unserved_ms = unserved.ms + gone.ms;
  }, 120_000);

  it('9. the AI-training opt-out reaches the images nginx keeps, and the images of a deleted artwork leave every cache, each within 60 s (issue #29)', async () => {
    const artist = await buildPremium(app, { aiOptOut: false });
    const artwork = await buildArtwork(app, artist);
    const client = await logIn(artist);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#663399' } })
      .png()
      .toBuffer();
    const work = await upload(client, `/api/v1/artworks/${artwork.id}/presign/`, png, 600, 400);
    const mine = await upload(client, `/api/v1/users/${artist.id}/presign/`, png, 600, 400);
    expect(work.startsWith(`artworks/${artwork.id}/`)).toBe(true);
    // A rendition and the original of the artwork's image, and a rendition in the artist's own folder.
    const urls = [`/media/${work}?w=480`, `/media/${work}`, `/media/${mine}?w=156`];
    const ask = (url: string, base = cluster.url) => fetch(`${base}${url}`, { headers: { accept: 'image/webp,*/*' } });
    for (const url of urls) {
      const first = await ask(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('tdm-reservation')).toBeNull();
      const kept = await ask(url);
      expect(kept.headers.get('x-cache'), url).toBe('HIT');
      expect(kept.headers.get('tdm-reservation')).toBeNull();
    }
    type Rule = { location: string; 'tdm-reservation': 0 | 1 };
    const opened = async () => {
      const rules = (await (await fetch(`${cluster.url}/.well-known/tdmrep.json`)).json()) as Rule[];
      return rules.filter((r) => r['tdm-reservation'] === 0).map((r) => r.location);
    };
    expect(await opened()).toEqual(expect.arrayContaining([`/media/artworks/${artwork.id}/*`, `/media/users/${artist.id}/*`]));

    expect((await client.json('PUT', `/api/v1/users/${artist.id}/ai-opt-out/`, { ai_opt_out: true })).status).toBe(200);
    const reserved = await within(60_000, 'every image of the artist to carry the opt-out through nginx', async () => {
      for (const url of urls) {
        const res = await ask(url);
        if (res.status !== 200 || res.headers.get('tdm-reservation') !== '1' || !res.headers.get('x-robots-tag')?.includes('noai')) return false;
      }
      return true;
    });
    figures.opt_out_reached_ms = reserved.ms;
    // What crawlers read covers the paths even where an old copy of an image lingers outside the kit.
    const open = await opened();
    expect(open).not.toContain(`/media/artworks/${artwork.id}/*`);
    expect(open).not.toContain(`/media/users/${artist.id}/*`);
    const robots = await (await fetch(`${cluster.url}/robots.txt`)).text();
    expect(robots).toMatch(/User-agent: GPTBot[\s\S]*?Disallow: \/\n/);

    expect((await client.request('DELETE', `/api/v1/artworks/${artwork.id}/`)).status).toBe(204);
    const deleted = urls.slice(0, 2);
    const unserved = await within(60_000, "nginx to stop serving the deleted artwork's images", async () => {
      for (const url of deleted) if ((await ask(url)).status !== 404) return false;
      return true;
    });
    figures.artwork_deletion_unserved_ms = unserved.ms;
    // No process keeps a copy in memory either.
    for (const a of cluster.apps) for (const url of deleted) expect((await ask(url, a.url)).status, `${a.url}${url}`).toBe(404);
  }, 180_000);
});
