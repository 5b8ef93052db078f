/**
 * `npm run bench -- --only memory [--minutes 10]` (issue #14): one product process (started as `npm start` starts it,
 * on the bench database) under a mixed load for N minutes — members and guests paging the gallery with every
 * ordering and categories, searching with generated words, opening artworks and profiles, and collecting (writes,
 * which clear every cache) — while its resident set size is read from /proc every 15 s.
 * Budgets: RSS stays under 300 MB, and does not grow between minute 5 and minute 10 (the mean of the last
 * minute is at most 5 % above the mean of minute 5, which leaves room for the allocator's noise).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { apiBundle, buildApi, serverNodeFlags } from '../scripts/build-api.mjs';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';

const RSS_MAX_MB = 300;
const GROWTH_MAX = 1.05;
const SAMPLE_MS = 15_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function sessionsFor(databaseUrl: string, n: number) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const tokens: string[] = [];
    const users = await c.query<{ id: number }>('select id from users order by id limit $1', [n]);
    for (const { id } of users.rows) {
      const token = randomBytes(32).toString('base64url');
      await c.query(`insert into sessions (id, user_id, expires) values ($1, $2, now() + interval '1 day')`, [
        createHash('sha256').update(token).digest('hex'),
        id,
      ]);
      tokens.push(token);
    }
    const ids = (await c.query<{ id: number }>('select id from artworks where visible order by id desc limit 20000')).rows.map((r) => r.id);
    const authors = (await c.query<{ author_id: number }>('select distinct author_id from artworks where visible limit 2000')).rows.map((r) => r.author_id);
    const words = (await c.query<{ title: string }>('select title from artworks where visible limit 2000')).rows
      .flatMap((r) => r.title.split(/\s+/))
      .filter((w) => /^\p{L}{2,}$/u.test(w));
    const categories = (await c.query<{ category: string }>('select category from categories')).rows.map((r) => r.category);
    return { tokens, ids, authors, words: [...new Set(words)], categories };
  } finally {
    await c.end();
  }
}

export async function memoryBench({
  databaseUrl,
  dataDir,
  minutes,
  connections,
}: {
  databaseUrl: string;
  dataDir: string;
  minutes: number;
  connections: number;
}) {
  const port = await freePort();
  // As production runs it (`npm start`): the compiled server on plain node.
  await buildApi();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, apiBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('the server exited');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const { tokens, ids, authors, words, categories } = await sessionsFor(databaseUrl, 50);
    // Each member's CSRF cookie, as the browser keeps it.
    const members = await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${base}/healthz`, { headers: { cookie: `sessionid=${token}` } });
        const csrf = /csrftoken=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
        return { cookie: `sessionid=${token}; csrftoken=${csrf}`, csrf };
      }),
    );
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const orderings = ['-created', '-hit', 'created', 'hit'];
    const request = () => {
      const member = Math.random() < 0.7 ? pick(members) : null;
      const headers: Record<string, string> = member
        ? { cookie: member.cookie, 'accept-language': pick(['ko', 'en']) }
        : { 'accept-language': pick(['ko', 'en']) };
      const roll = Math.random();
      let path: string;
      if (roll < 0.45) {
        const category = Math.random() < 0.3 ? `&categories__category=${pick(categories)}` : '';
        path = `/api/v1/artworks/?limit=24&ordering=${pick(orderings)}&offset=${24 * Math.floor(Math.random() * 100)}${category}`;
      } else if (roll < 0.6) {
        const word = pick(words);
        path = `/api/v1/artworks/?limit=24&search=${encodeURIComponent(Math.random() < 0.3 ? [...word].slice(0, 2).join('') : word)}`;
      } else if (roll < 0.88) path = `/api/v1/artworks/${pick(ids)}/`;
      else if (roll < 0.95) path = `/api/v1/users/${pick(authors)}/artworks/?limit=24`;
      else if (member) {
        return {
          method: 'POST' as const,
          path: '/api/v1/collections/',
          headers: { ...headers, 'content-type': 'application/json', 'x-csrftoken': member.csrf, origin: base },
          body: JSON.stringify({ artwork: pick(ids) }),
        };
      } else path = '/api/v1/site/';
      return { method: 'GET' as const, path, headers };
    };

    const samples: { at: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 60_000, mb: rssMb(child.pid as number) }), SAMPLE_MS);
    const result = await autocannon({
      url: base,
      connections,
      duration: minutes * 60,
      requests: [{ setupRequest: (req: object) => ({ ...req, ...request() }) }],
    });
    clearInterval(sampler);
    samples.push({ at: (Date.now() - started) / 60_000, mb: rssMb(child.pid as number) });

    const mean = (from: number, to: number) => {
      const xs = samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.mb);
      return xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
    };
    const peak = Math.max(...samples.map((s) => s.mb));
    const half = minutes / 2;
    const atHalf = mean(half - 0.5, half + 0.5);
    const atEnd = mean(minutes - 1, minutes + 1);
    console.log(
      `  ${result.requests.total} requests in ${minutes} min (${Math.round(result.requests.average)} req/s), ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
    console.log(`  RSS every ${SAMPLE_MS / 1000} s (MB): ${samples.map((s) => s.mb.toFixed(0)).join(' ')}`);
    console.log(`  ${peak < RSS_MAX_MB ? 'PASS' : 'FAIL'}  peak RSS ${peak.toFixed(0)} MB (budget < ${RSS_MAX_MB} MB)`);
    console.log(
      `  ${atEnd <= atHalf * GROWTH_MAX ? 'PASS' : 'FAIL'}  RSS at the end / at minute ${half}: ${(atEnd / atHalf).toFixed(3)}× (${atHalf.toFixed(0)} → ${atEnd.toFixed(0)} MB; budget ≤ ${GROWTH_MAX}×)`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}
