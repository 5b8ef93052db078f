import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { scenario } from './harness.ts';

/**
 * Issue #14: a cached rendition (a cover at 480 px, WebP, as a phone's browser asks for it) is served at
 * ≥ 40 % of the throughput of a bare node:http server answering the same bytes. Measured as a guest and as
 * a member (a browser sends the session cookie with every same-origin image), both after the rendition
 * was made once. The image is a generated cover stored under `artworks/<id>/`, the folder real uploads use,
 * so the AI-training opt-out check of issue #18 runs as it does in production. A revalidation
 * (`If-None-Match`) is checked to answer 304.
 */
const BUDGET = 40;

scenario('renditions', async ({ app, baseUrl, compare }) => {
  const [artwork] = (await app.db.execute(sql`select id from artworks where visible order by id limit 1`)).rows as { id: number }[];
  const key = `artworks/${artwork.id}/bench-rendition.jpg`;
  await app.storage.put(key, readFileSync(join(app.config.mediaDir, 'bench/cover-0.jpg')), 'image/jpeg');
  const url = `${baseUrl}/media/${key}?w=480`;
  const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  // Chromium asks for AVIF first; the WebP family is what every browser takes. Measure WebP (the common
  // case for the card grid) with the Accept a WebP-only browser sends.
  const guest = { accept: 'image/webp,*/*' };

  const token = randomBytes(32).toString('base64url');
  await app.db.execute(
    sql`insert into sessions (id, user_id, expires) select ${createHash('sha256').update(token).digest('hex')}, id, now() + interval '1 day' from users order by id limit 1`,
  );
  const member = { ...guest, cookie: `sessionid=${token}; csrftoken=${randomBytes(24).toString('base64url')}` };

  // Made once (sharp), then cached: everything measured below is the cached path.
  const made = await fetch(url, { headers: guest });
  if (!made.ok) throw new Error(`rendition answered ${made.status}`);
  await fetch(url, { headers: { accept } });
  for (let i = 0; i < 200; i++) await (await fetch(url, { headers: i % 2 ? guest : member })).arrayBuffer();

  const verdicts: string[] = [];
  for (const [who, headers] of [
    ['guest', guest],
    ['member', member],
  ] as const) {
    const row = await compare(`rendition 480 px WebP, cached (${who})`, url, undefined, { headers });
    const ratio = (row.app.rps / row.bare.rps) * 100;
    verdicts.push(`${ratio >= BUDGET ? 'PASS' : 'FAIL'}  cached rendition (${who}) vs bare node:http: ${ratio.toFixed(1)} % (budget ≥ ${BUDGET} %)`);
  }
  // A browser revalidating (a reload) gets 304 without the bytes.
  const etag = made.headers.get('etag');
  const revalidated = etag ? (await fetch(url, { headers: { ...guest, 'if-none-match': etag } })).status : 0;
  verdicts.push(`info  ETag ${etag ?? 'none'}; If-None-Match answered ${revalidated || '—'}`);
  for (const v of verdicts) console.log(`  ${v}`);
});
