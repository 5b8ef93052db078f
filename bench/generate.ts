/**
 * Benchmark data generator (issue #2): fills a PostgreSQL database, or the embedded one (PGlite, issue #29's demo),
 * with N artists and M artworks through the real migrations and taxonomy seed, plus a handful of generated images in
 * the local storage layout (DATA_DIR/media/<key>). Rows go in with unnest() inserts, thousands per statement, through
 * one small query interface both drivers answer (`Sql`).
 *
 *   npx tsx bench/generate.ts --artists 2000 --artworks 100000 [--database URL] [--data-dir DIR]
 *
 * Without --database (or DATABASE_URL) a fresh database is created on postgres://postgres@127.0.0.1:5432.
 * `bench/demo.ts` (`npm run demo`) fills an embedded database instead.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { seedTaxonomy } from '../apps/api/src/db/seed.ts';
import { hashPassword } from '../apps/api/src/features/accounts/passwords.ts';
import { extractPalette, type Swatch } from '../apps/api/src/media/palette.ts';
import * as w from './words.ts';

export const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_PASSWORD = 'Bench12345';
const BATCH = 10_000;
const COVERS = 8;
const AVATARS = 6;

export interface GenerateOptions {
  artists: number;
  artworks: number;
  /** Target database; created fresh on the default server when absent (and no `pgliteDir`). */
  databaseUrl?: string;
  /** The embedded database's folder (as the server opens it: `DATA_DIR/pglite`), instead of a server. */
  pgliteDir?: string;
  dataDir: string;
  /** Deterministic data for comparable runs. */
  seed?: number;
  /** How many different cover pictures the artworks share (default 8). */
  covers?: number;
  /** The share of artworks with a staff level, which the home page's best projects show (default 0.01). */
  levelled?: number;
  /** More rows in the same transaction, after the artworks and the home page's curation (default: one open call). */
  extend?: (world: World) => Promise<void>;
  /** A later phase in its own transaction, on the database as the server opens it (the demo's submissions). */
  finish?: (database: Database) => Promise<void>;
  log?: (line: string) => void;
}

export interface Generated {
  databaseUrl?: string;
  pgliteDir?: string;
  dataDir: string;
  created: boolean;
  artists: number;
  artworks: number;
  ms: number;
}

/** A small deterministic PRNG (mulberry32) so two runs generate the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const some = <T>(xs: readonly T[], n: number) => {
    const out = new Set<T>();
    while (out.size < Math.min(n, xs.length)) out.add(pick(xs));
    return [...out];
  };
  return { next, int, pick, some };
}

/** Creates a fresh, empty database on the given server and returns its URL. */
export async function createDatabase(server = DEFAULT_SERVER, prefix = 'axoo_bench'): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(databaseUrl: string, server = DEFAULT_SERVER) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export type Prng = ReturnType<typeof prng>;

/**
 * What the generator writes through: a node-postgres client and PGlite both answer `query(text, params)` with `rows`,
 * array parameters included (the unnest() inserts), and `begin` / `commit` on the one connection.
 */
export interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One connection of the database as `openDatabase` opened it: a client of its pool, or the embedded database itself. */
async function connectionOf(database: Database): Promise<{ sql: Sql; release: () => void }> {
  const client = (database.db as unknown as { $client: pg.Pool | Sql }).$client;
  if (!(client instanceof pg.Pool)) return { sql: client, release: () => {} };
  const connection = await client.connect();
  return { sql: connection, release: () => connection.release() };
}

/** One statement per batch: `insert … select * from unnest($1::int[], $2::text[], …)`. */
export async function insertRows(client: Sql, table: string, columns: [string, string][], rows: unknown[][], returning?: string) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const slice = rows.slice(i, i + BATCH);
    const arrays = columns.map((_, c) => slice.map((r) => r[c]));
    const text = `insert into ${table} (${columns.map(([name]) => name).join(', ')}) select * from unnest(${columns
      .map(([, type], c) => `$${c + 1}::${type}[]`)
      .join(', ')})${returning ? ` returning ${returning}` : ''}`;
    const res = await client.query(text, arrays);
    out.push(...res.rows);
  }
  return out;
}

/** A generated picture: a soft gradient with a few shapes, in one of the seed colours. */
export async function picture(width: number, height: number, hue: string, accent: string, variant: number): Promise<Buffer> {
  const circles = Array.from({ length: 3 + (variant % 3) }, (_, i) => {
    const cx = ((variant * 97 + i * 211) % 100) / 100;
    const cy = ((variant * 53 + i * 137) % 100) / 100;
    const r = 0.12 + ((variant + i) % 4) * 0.06;
    return `<circle cx="${cx * width}" cy="${cy * height}" r="${r * Math.min(width, height)}" fill="${i % 2 ? accent : '#ffffff'}" fill-opacity="${0.35 + (i % 3) * 0.15}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

export interface ImageKey {
  key: string;
  width: number;
  height: number;
  color: string;
  size: number;
}

export interface Images {
  /** Per picture, the original and its 240:167 crop. */
  covers: ImageKey[];
  avatars: ImageKey[];
  banners: ImageKey[];
}

/** What `extend` may build on, in the generating transaction. */
export interface World {
  sql: Sql;
  rnd: Prng;
  now: number;
  dataDir: string;
  images: Images;
  /** The artists' ids, in creation order (`bench<n>@example.com` is the n-th). */
  artistIds: number[];
}

/** One user's row (the artists, and the accounts a data set adds). */
export interface UserSeed {
  email: string;
  /** Already hashed. */
  password: string;
  username: string;
  name: string;
  isPremium: boolean;
  isStaff?: boolean;
  level: number;
  avatar: string;
  biography: string;
  language: 'ko' | 'en';
  created: string;
}

/** Inserts users (their slug made of the username, as sign-up makes it) and answers their ids in order. */
export async function insertUsers(sql: Sql, seeds: UserSeed[]): Promise<number[]> {
  const rows = await insertRows(
    sql,
    'users',
    [
      ['email', 'text'],
      ['password', 'text'],
      ['username', 'text'],
      ['slug', 'text'],
      ['name', 'text'],
      ['is_premium', 'bool'],
      ['is_staff', 'bool'],
      ['level', 'int2'],
      ['cropped_avatar', 'text'],
      ['biography', 'text'],
      ['language', 'text'],
      ['created', 'timestamptz'],
    ],
    seeds.map((u) => [
      u.email,
      u.password,
      u.username,
      u.username.replaceAll('.', ''),
      u.name,
      u.isPremium,
      u.isStaff ?? false,
      u.level,
      u.avatar,
      u.biography,
      u.language,
      u.created,
    ]),
    'id',
  );
  return rows.map((r) => r.id as number);
}

/** An open call as a brand writes it: logo, background, one page of two columns, and its questions. */
export interface OpenCallSeed {
  ownerId: number;
  title: string;
  subtitle: string;
  description: string;
  logo: string;
  background: string;
  status: 'review' | 'ongoing' | 'examination' | 'selection';
  closed: string;
  selected: string;
  selfService?: boolean;
  columns: string[];
  questions?: string[];
}

/** Inserts one open call with its page, columns and questions; answers its id and its questions' ids. */
export async function insertOpenCall(sql: Sql, call: OpenCallSeed): Promise<{ id: number; questionIds: number[] }> {
  const [invite] = await insertRows(
    sql,
    'invites',
    [
      ['owner_id', 'int'],
      ['title', 'text'],
      ['subtitle', 'text'],
      ['description', 'text'],
      ['logo', 'text'],
      ['background', 'text'],
      ['status', 'text'],
      ['closed', 'timestamptz'],
      ['selected', 'timestamptz'],
      ['self_service', 'bool'],
    ],
    [
      [
        call.ownerId,
        call.title,
        call.subtitle,
        call.description,
        call.logo,
        call.background,
        call.status,
        call.closed,
        call.selected,
        call.selfService ?? false,
      ],
    ],
    'id',
  );
  const id = invite.id as number;
  const [page] = await insertRows(sql, 'invite_pages', [['invite_id', 'int']], [[id]], 'id');
  await insertRows(
    sql,
    'invite_columns',
    [
      ['page_id', 'int'],
      ['content', 'text'],
      ['width', 'int2'],
      ['"order"', 'int'],
    ],
    call.columns.map((content, order) => [page.id, content, call.columns.length === 1 ? 12 : 6, order]),
  );
  const questions = await insertRows(
    sql,
    'invite_questions',
    [
      ['invite_id', 'int'],
      ['question', 'text'],
      ['"order"', 'int'],
    ],
    (call.questions ?? []).map((question, order) => [id, question, order]),
    'id',
  );
  return { id, questionIds: questions.map((q) => q.id as number) };
}

/** The bench's one open call (issue #14: Lighthouse loads its page): a brand's logo and background, one page of two columns. */
async function benchOpenCall({ sql, now, images, artistIds }: World) {
  await insertOpenCall(sql, {
    ownerId: artistIds[0],
    title: '2026 신진 작가 오픈콜',
    subtitle: 'Emerging artists open call',
    description: '브랜드와 함께 작업할 신진 작가를 찾습니다. 포트폴리오와 함께 지원해 주세요.',
    logo: images.avatars[0].key,
    background: images.banners[0].key,
    status: 'ongoing',
    closed: new Date(now + 30 * 86_400_000).toISOString(),
    selected: new Date(now + 45 * 86_400_000).toISOString(),
    columns: [
      '<h2>모집 개요</h2><p>일러스트, 회화, 사진 등 모든 분야의 작가가 지원할 수 있습니다.</p>',
      '<h2>혜택</h2><p>선정 작가에게는 전시와 협업 기회가 주어집니다.</p>',
    ],
  });
}

/** Writes the shared images under DATA_DIR/media/<key> (the local storage layout). */
async function writeImages(dataDir: string, palette: string[], coverCount: number): Promise<Images> {
  const media = join(dataDir, 'media');
  const write = async (key: string, width: number, height: number, color: string, accent: string, variant: number): Promise<ImageKey> => {
    const bytes = await picture(width, height, color, accent, variant);
    const file = join(media, key);
    mkdirSync(resolve(file, '..'), { recursive: true });
    writeFileSync(file, bytes);
    return { key, width, height, color, size: bytes.length };
  };
  const covers: ImageKey[] = [];
  const avatars: ImageKey[] = [];
  const banners: ImageKey[] = [];
  for (let i = 0; i < coverCount; i++) {
    const c = palette[i % palette.length];
    const a = palette[(i + 3) % palette.length];
    // Original, and the 240:167 cover crop the browser would have sent (SPEC §5).
    covers.push(await write(`bench/cover-${i}.jpg`, 1600, 1200, c, a, i));
    covers.push(await write(`bench/cropped-cover-${i}.jpg`, 1200, 835, c, a, i));
  }
  for (let i = 0; i < AVATARS; i++) avatars.push(await write(`bench/avatar-${i}.jpg`, 400, 400, palette[(i * 2) % palette.length], '#ffffff', i + 11));
  for (let i = 0; i < 3; i++) banners.push(await write(`bench/banner-${i}.jpg`, 2000, 600, palette[(i * 4) % palette.length], '#111111', i + 21));
  return { covers, avatars, banners };
}

export async function generate(options: GenerateOptions): Promise<Generated> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const rnd = prng(options.seed ?? 20230101);
  const embedded = options.pgliteDir !== undefined;
  const created = !embedded && !options.databaseUrl;
  const databaseUrl = embedded ? undefined : (options.databaseUrl ?? (await createDatabase()));
  const dataDir = resolve(options.dataDir);
  const coverCount = options.covers ?? COVERS;
  const levelled = options.levelled ?? 0.01;
  mkdirSync(dataDir, { recursive: true });

  // The real schema: migrations and the bilingual lists, exactly as the server applies them, on the database opened
  // as the server opens it (PGlite with its extensions). No statement timeout: one statement inserts 10,000 rows, and
  // maintaining their indexes (the gram indexes of issue #30 among them) outlasts the server's 10 s on a busy machine.
  const database = await openDatabase({ url: databaseUrl, pgliteDir: options.pgliteDir ?? '', statementTimeoutMs: 0 });
  await database.migrate();
  await seedTaxonomy(database.db);

  const { sql: client, release } = await connectionOf(database);
  try {
    const ids = async (table: string) => (await client.query(`select id from ${table} order by id`)).rows.map((r) => r.id as number);
    const [categoryIds, fieldIds, conceptIds] = [await ids('categories'), await ids('fields'), await ids('concepts')];
    const colorRows = (await client.query('select id, code from colors order by id')).rows as { id: number; code: string }[];
    const images = await writeImages(
      dataDir,
      colorRows.map((c) => c.code),
      coverCount,
    );
    log(`images: ${images.covers.length + images.avatars.length + images.banners.length} files under ${join(dataDir, 'media')}`);

    const palettes = new Map<string, Swatch[]>();
    for (const cover of images.covers) palettes.set(cover.key, await extractPalette(readFileSync(join(dataDir, 'media', cover.key))));

    await client.query('begin');
    const all = [...images.covers, ...images.avatars, ...images.banners];
    await insertRows(
      client,
      'media',
      [
        ['key', 'text'],
        ['content_type', 'text'],
        ['size', 'int'],
        ['width', 'int'],
        ['height', 'int'],
        ['dominant_color', 'text'],
        ['status', 'text'],
      ],
      all.map((m) => [m.key, 'image/jpeg', m.size, m.width, m.height, m.color, 'ready']),
    );

    // Artists: most are premium members (their projects are visible), a few carry a ranking level.
    const password = await hashPassword(BENCH_PASSWORD);
    const now = Date.now();
    const year = 365 * 86_400_000;
    const artists: UserSeed[] = [];
    for (let i = 1; i <= options.artists; i++) {
      const korean = rnd.next() < 0.7;
      const name = korean ? `${rnd.pick(w.KO_FAMILY)}${rnd.pick(w.KO_GIVEN)}` : `${rnd.pick(w.EN_FIRST)} ${rnd.pick(w.EN_LAST)}`;
      const username = `${korean ? 'artist' : rnd.pick(w.EN_FIRST).toLowerCase()}.${i}`;
      const joined = new Date(now - rnd.next() * year);
      const level = rnd.next() < 0.05 ? rnd.int(1, 5) : 0;
      artists.push({
        email: `bench${i}@example.com`,
        password,
        username,
        name,
        isPremium: rnd.next() < 0.85,
        level,
        avatar: rnd.pick(images.avatars).key,
        biography: korean ? '서울에서 작업하는 시각 예술가입니다.' : 'Visual artist working between Seoul and elsewhere.',
        language: korean ? 'ko' : 'en',
        created: joined.toISOString(),
      });
    }
    const userIds = await insertUsers(client, artists);
    const userCats: unknown[][] = [];
    for (const id of userIds)
      rnd.some(categoryIds, rnd.int(1, 2)).forEach((c, pos) => {
        userCats.push([id, c, pos]);
      });
    await insertRows(
      client,
      'user_categories',
      [
        ['user_id', 'int'],
        ['category_id', 'int'],
        ['position', 'int2'],
      ],
      userCats,
    );
    log(`artists: ${userIds.length}`);

    // Tags: the shared vocabulary.
    const tags = await insertRows(
      client,
      'tags',
      [['name', 'text']],
      [...new Set(w.TAGS)].map((t) => [t]),
      'id',
    );
    const tagIds = tags.map((t) => t.id as number);

    // Artworks, in batches: each batch inserts its rows, then their categories, fields, concepts and tags.
    let artworks = 0;
    for (let start = 0; start < options.artworks; start += BATCH) {
      const count = Math.min(BATCH, options.artworks - start);
      const rows: unknown[][] = [];
      for (let i = 0; i < count; i++) {
        const korean = rnd.next() < 0.6;
        const title = (
          korean
            ? `${rnd.pick(w.KO_TITLE_A)} ${rnd.pick(w.KO_TITLE_B)}${rnd.pick(w.TITLE_SUFFIX)}`
            : `${rnd.pick(w.EN_TITLE_A)} ${rnd.pick(w.EN_TITLE_B)}${rnd.pick(w.TITLE_SUFFIX)}`
        ).slice(0, 100);
        const cover = rnd.int(0, coverCount - 1);
        const raw = images.covers[cover * 2];
        const cropped = images.covers[cover * 2 + 1];
        const color = rnd.pick(colorRows);
        const createdAt = new Date(now - rnd.next() * year).toISOString();
        const licence = rnd.int(0, 5);
        const text = korean ? rnd.pick(w.SENTENCES_KO) : rnd.pick(w.SENTENCES_EN);
        rows.push([
          rnd.pick(userIds),
          title,
          `<p><img src="/media/${raw.key}" width="${raw.width}" height="${raw.height}" alt=""></p><p>${text}</p>`,
          color.id,
          rnd.next() < 0.8 ? '#FFFFFF' : '#111111',
          licence === 1 || licence === 4 || licence === 5,
          licence === 2 || licence === 5,
          licence === 3 || licence === 4,
          rnd.next() < 0.95,
          rnd.next() < 0.03,
          raw.key,
          raw.key,
          cropped.key,
          raw.height,
          raw.width,
          rnd.next() < levelled ? rnd.int(1, 5) : null,
          // Long-tailed view counts: most projects have a few hits, some have thousands.
          Math.floor(Math.exp(rnd.next() * 9)) - 1,
          createdAt,
          createdAt,
        ]);
      }
      const inserted = await insertRows(
        client,
        'artworks',
        [
          ['author_id', 'int'],
          ['title', 'text'],
          ['content', 'text'],
          ['color_id', 'int'],
          ['background_color', 'text'],
          ['non_commercial', 'bool'],
          ['no_derivative_works', 'bool'],
          ['share_alike', 'bool'],
          ['published', 'bool'],
          ['draft', 'bool'],
          ['cover', 'text'],
          ['raw_cover', 'text'],
          ['cropped_cover', 'text'],
          ['height', 'int'],
          ['width', 'int'],
          ['level', 'int2'],
          ['hit', 'int'],
          ['created', 'timestamptz'],
          ['published_at', 'timestamptz'],
        ],
        rows,
        'id, cropped_cover',
      );
      const links = { c: [] as unknown[][], f: [] as unknown[][], k: [] as unknown[][], t: [] as unknown[][] };
      const swatches: unknown[][] = [];
      for (const { id, cropped_cover } of inserted) {
        (palettes.get(cropped_cover as string) ?? []).forEach((s, pos) => {
          swatches.push([id, pos, s.l, s.a, s.b, s.share, s.cell]);
        });
        rnd.some(categoryIds, rnd.int(1, 2)).forEach((x, pos) => {
          links.c.push([id, x, pos]);
        });
        rnd.some(fieldIds, rnd.int(1, 2)).forEach((x, pos) => {
          links.f.push([id, x, pos]);
        });
        rnd.some(conceptIds, rnd.int(1, 2)).forEach((x, pos) => {
          links.k.push([id, x, pos]);
        });
        rnd.some(tagIds, rnd.int(1, 6)).forEach((x, pos) => {
          links.t.push([id, x, pos]);
        });
      }
      const link = (table: string, column: string, data: unknown[][]) =>
        insertRows(
          client,
          table,
          [
            ['artwork_id', 'int'],
            [column, 'int'],
            ['position', 'int2'],
          ],
          data,
        );
      await link('artwork_categories', 'category_id', links.c);
      await link('artwork_fields', 'field_id', links.f);
      await link('artwork_concepts', 'concept_id', links.k);
      await link('artwork_tags', 'tag_id', links.t);
      // Issue #18: each cover's palette, measured once per generated image (the real extraction).
      await insertRows(
        client,
        'artwork_palettes',
        [
          ['artwork_id', 'int'],
          ['position', 'int2'],
          ['l', 'real'],
          ['a', 'real'],
          ['b', 'real'],
          ['share', 'real'],
          ['cell', 'int'],
        ],
        swatches,
      );
      artworks += inserted.length;
      log(`artworks: ${artworks}/${options.artworks}`);
    }
    // The licence flags above are chosen ones; the home page needs a few banners and partners too.
    await client.query('update artworks set licence_chosen = true');
    await insertRows(
      client,
      'banners',
      [
        ['url', 'text'],
        ['image', 'text'],
        ['alt', 'text'],
        ['level', 'int2'],
      ],
      images.banners.map((b, i) => ['/goodluck/', b.key, `Banner ${i + 1}`, 5 - i]),
    );
    await insertRows(
      client,
      'clients',
      [
        ['name', 'text'],
        ['url', 'text'],
        ['image', 'text'],
        ['benefit', 'text'],
        ['level', 'int2'],
      ],
      images.avatars.map((a, i) => [`Partner ${i + 1}`, 'https://example.com/', a.key, '멤버 작가 협업 우대', i < 4 ? 5 - i : null]),
    );
    await (options.extend ?? benchOpenCall)({ sql: client, rnd, now, dataDir, images, artistIds: userIds });
    // The publish fan-out the artworks' inserts queued (a trigger, issue #17) is history in a database that has lived a
    // while: delivered long ago. Left queued, the server under measurement would spend the run delivering it.
    await client.query(`delete from jobs where kind = 'follows.publish'`);
    await client.query('commit');
    if (options.finish) await options.finish(database);
    // As a database that has lived a while looks: no dead row versions (the updates above leave
    // one per row, and autovacuum may be off), the visibility map set, statistics current.
    await client.query('vacuum analyze');
    return {
      databaseUrl,
      pgliteDir: options.pgliteDir,
      dataDir,
      created,
      artists: userIds.length,
      artworks,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    release();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      artists: { type: 'string', default: '1000' },
      artworks: { type: 'string', default: '10000' },
      database: { type: 'string' },
      'data-dir': { type: 'string', default: 'bench/.data' },
    },
  });
  const result = await generate({
    artists: Number(values.artists),
    artworks: Number(values.artworks),
    databaseUrl: values.database ?? process.env.DATABASE_URL,
    dataDir: values['data-dir'] ?? 'bench/.data',
    log: (line) => console.log(line),
  });
  console.log(`done in ${(result.ms / 1000).toFixed(1)} s: ${result.artists} artists, ${result.artworks} artworks`);
  console.log(`DATABASE_URL=${result.databaseUrl}`);
  console.log(`DATA_DIR=${result.dataDir}`);
}
