import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { labToHex } from '../apps/api/src/media/colour.ts';
import { scenario } from './harness.ts';

/**
 * Issue #18 palette budget: the gallery's palette search (`?palette=#rrggbb`, ΔE2000 ≤ 12, closest first) answers
 * at least a third of the requests per second of a category filter, both as a logged-in member (no guest cache),
 * side by side on the same server and data (`npm run bench -- --artists 10000 --artworks 100000 --only palette`).
 * Both keep their expensive part a few seconds per filter set (the category's count, the palette's ranking), so
 * the load measures a search being used: its pages and repeats. What a search for a colour nobody asked for in
 * the last seconds costs is printed apart: one request at a time for fresh colours, p50 and p95.
 */
const FRESH = 40;

scenario('palette', async ({ app, baseUrl, compare }) => {
  const list = (query: string) => `${baseUrl}/api/v1/artworks/?limit=24${query}`;
  const token = randomBytes(32).toString('base64url');
  await app.db.execute(
    sql`insert into sessions (id, user_id, expires) select ${createHash('sha256').update(token).digest('hex')}, id, now() + interval '1 day' from users where is_premium order by id limit 1`,
  );
  const member = { headers: { cookie: `sessionid=${token}` } };

  // The largest colour of the newest visible artwork's cover: a pick the data holds.
  const [swatch] = (
    (await app.db.execute(
      sql`select l, a, b from artwork_palettes where visible and artwork_id = (select max(id) from artworks where visible) order by share desc limit 1`,
    )) as unknown as { rows: { l: number; a: number; b: number }[] }
  ).rows;
  if (!swatch) throw new Error('palette: no palette rows (bench/generate.ts fills them)');
  const pick = labToHex(swatch);
  const [{ category }] = (
    (await app.db.execute(
      sql`select c.category from artwork_categories ac join categories c on c.id = ac.category_id where ac.visible group by c.category order by count(*) desc limit 1`,
    )) as unknown as { rows: { category: string }[] }
  ).rows;
  const palette = `&palette=${encodeURIComponent(pick)}`;
  const found = (await (await fetch(list(palette), member)).json()) as { count: number };
  const inCategory = (await (await fetch(list(`&categories__category=${category}`), member)).json()) as { count: number };
  console.log(`  pick ${pick}: ${found.count} matching artworks; category ${category}: ${inCategory.count}`);
  for (let i = 0; i < 30; i++) {
    await fetch(list(`${palette}&offset=${(i % 10) * 24}`), member);
    await fetch(list(`&categories__category=${category}&offset=${(i % 10) * 24}`), member);
  }

  const byCategory = await compare(`category "${category}" page 1 (member)`, list(`&categories__category=${category}`), undefined, member);
  const byPalette = await compare(`palette ${pick} page 1 (member)`, list(palette), undefined, member);
  const page10 = await compare(`palette ${pick} page 10 (member)`, list(`${palette}&offset=${24 * 9}`), undefined, member);

  // Fresh colours, one request at a time: the whole ranking is measured each time. Each is a colour the data holds,
  // moved a little (so it matches as many artworks as a real pick near it would, and no answer is kept).
  const colours = (
    (await app.db.execute(sql`select distinct l, a, b from artwork_palettes where visible order by l, a, b limit ${FRESH}`)) as unknown as {
      rows: { l: number; a: number; b: number }[];
    }
  ).rows;
  const times: number[] = [];
  let matched = 0;
  for (const [i, c] of colours.entries()) {
    const hex = labToHex({ l: c.l + 1.5, a: c.a - 1.5 + (i % 3), b: c.b + 1 });
    const started = performance.now();
    const res = await fetch(list(`&palette=${encodeURIComponent(hex)}`), member);
    matched += ((await res.json()) as { count: number }).count;
    times.push(performance.now() - started);
  }
  // The category filter the same way, one request at a time (its count is kept, as between the loads above).
  const categoryTimes: number[] = [];
  for (let i = 0; i < times.length; i++) {
    const started = performance.now();
    await (await fetch(list(`&categories__category=${category}&offset=${(i % 10) * 24}`), member)).arrayBuffer();
    categoryTimes.push(performance.now() - started);
  }
  const percentile = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const at = (p: number) => percentile(times, p);

  const ratio = byPalette.app.rps / byCategory.app.rps;
  console.log('palette budget (issue #18):');
  console.log(
    `  ${ratio >= 1 / 3 ? 'PASS' : 'FAIL'}  palette search within 3× of a category filter (req/s, member page 1): ${byPalette.app.rps.toFixed(0)} vs ${byCategory.app.rps.toFixed(0)} req/s, ${(1 / ratio).toFixed(2)}× (budget ≤ 3×)`,
  );
  console.log(
    `  info  p99 palette page 1 / category page 1: ${(byPalette.app.p99 / Math.max(byCategory.app.p99, 0.1)).toFixed(2)}×; page 10 / page 1: ${(page10.app.p99 / Math.max(byPalette.app.p99, 0.1)).toFixed(2)}×`,
  );
  console.log(
    `  info  a fresh colour (${times.length} colours, one at a time, ${Math.round(matched / Math.max(times.length, 1))} matches on average): p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms; a category page the same way: p50 ${percentile(categoryTimes, 50).toFixed(1)} ms (${(at(50) / percentile(categoryTimes, 50)).toFixed(1)}×)`,
  );
});
