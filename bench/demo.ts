/**
 * The demo data set (issue #29, `npm run demo`): what a first start shows when it should look alive. The bench's own
 * generator fills the embedded database (PGlite) of a folder of its own, never a real database: a few hundred
 * artworks with generated pictures and Korean or English titles, artists (most of them members, so their work shows),
 * follows between some of them, a staff account, and a brand whose open calls are in every status the product has
 * (SPEC §4: review, ongoing, examination, selection), with submissions frozen by the product's own code. The home page
 * has its banners, partners and levelled best projects. Seeded, so every demo is the same data.
 *
 *   npx tsx bench/demo.ts [--dir data-demo] [--artworks 300] [--artists 40]
 *
 * The folder is made once: a folder that already holds a demo is reused as it is; a folder that holds anything else
 * (and the server's default `./data`) is refused. It is written under `<dir>.partial` and renamed when complete, so
 * an interrupted run leaves no half-made demo behind.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { InviteStatus } from '@axoo/contract';
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { artworks, inviteAnswers, inviteApplications } from '../apps/api/src/db/schema/index.ts';
import { hashPassword } from '../apps/api/src/features/accounts/passwords.ts';
import { freezeSubmission } from '../apps/api/src/domain/open-calls/snapshot.ts';
import { LocalStorage } from '../apps/api/src/media/local.ts';
import { BENCH_PASSWORD, generate, insertOpenCall, insertRows, insertUsers, type World } from './generate.ts';

export const DEMO_DIR = 'data-demo';
/** Written last: a folder holding it holds a complete demo. */
export const DEMO_MARKER = 'demo.json';
const DEMO_PASSWORD = 'Demo12345';
const DAY = 86_400_000;

export interface Login {
  role: 'staff' | 'brand' | 'artist';
  email: string;
  password: string;
}

export interface DemoOptions {
  dir?: string;
  artworks?: number;
  artists?: number;
  /** Different cover pictures (each an original and its crop). */
  covers?: number;
  log?: (line: string) => void;
}

export interface Demo {
  dir: string;
  /** The folder already held this demo; nothing was written. */
  reused: boolean;
  artists: number;
  artworks: number;
  /** Open calls by status, and their submissions. */
  calls: { status: InviteStatus; id: number; submissions: number }[];
  logins: Login[];
}

const LOGINS: Login[] = [
  { role: 'staff', email: 'staff@example.com', password: DEMO_PASSWORD },
  { role: 'brand', email: 'brand@example.com', password: DEMO_PASSWORD },
  { role: 'artist', email: 'bench1@example.com', password: BENCH_PASSWORD },
];

/** The brand's calls, one in each status, dated around the day the demo is made. */
const CALLS: {
  status: InviteStatus;
  title: string;
  subtitle: string;
  closes: number;
  selects: number;
  submissions: number;
  selected: number;
}[] = [
  { status: 'review', title: '2027 오로라 아트 프라이즈', subtitle: 'Aurora Art Prize 2027', closes: 90, selects: 110, submissions: 0, selected: 0 },
  { status: 'ongoing', title: '오로라 × 신진 작가 협업 오픈콜', subtitle: 'Aurora × emerging artists', closes: 60, selects: 75, submissions: 8, selected: 0 },
  {
    status: 'examination',
    title: '여름 패키지 일러스트 공모',
    subtitle: 'Summer packaging illustrations',
    closes: -3,
    selects: 14,
    submissions: 10,
    selected: 0,
  },
  { status: 'selection', title: '봄 시즌 캠페인 작가 모집', subtitle: 'Spring campaign artists', closes: -40, selects: -10, submissions: 10, selected: 3 },
];

const QUESTION = '작업 의도를 간단히 소개해 주세요. / Tell us about the work in a few lines.';
const ANSWERS = [
  '일상의 빛과 색을 기록한 연작입니다.',
  'A series about the light of ordinary days.',
  '브랜드의 이야기와 잘 어울릴 것 같아 지원합니다.',
  'Made for this call, in the colours of the brand.',
];

/** Refuses the server's default folder and any folder that holds something other than a demo. */
function checkFolder(dir: string) {
  if (dir === resolve('data')) throw new Error('the demo never goes into ./data, the default folder of `npm start`: choose another DATA_DIR');
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, DEMO_MARKER))) {
    throw new Error(`${dir} holds something that is not a demo: choose another DATA_DIR, or remove that folder`);
  }
}

/** The demo in `dir` (default ./data-demo): the one already there, or a new one. */
export async function makeDemo(options: DemoOptions = {}): Promise<Demo> {
  const dir = resolve(options.dir ?? DEMO_DIR);
  checkFolder(dir);
  const marker = join(dir, DEMO_MARKER);
  if (existsSync(marker)) return { ...(JSON.parse(readFileSync(marker, 'utf8')) as Omit<Demo, 'dir' | 'reused'>), dir, reused: true };

  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const calls: Demo['calls'] = [];
  const questions = new Map<number, number>();
  let rnd: World['rnd'] | undefined;

  // In the generating transaction: the two accounts, follows between artists, the brand's calls and their hearts.
  const extend = async (world: World) => {
    const { sql, now, images, artistIds } = world;
    rnd = world.rnd;
    const password = await hashPassword(DEMO_PASSWORD);
    const created = new Date(now - 400 * DAY).toISOString();
    const [staffId, brandId] = await insertUsers(sql, [
      {
        email: LOGINS[0].email,
        password,
        username: 'axoo.team',
        name: 'AXOO 운영팀',
        isPremium: false,
        isStaff: true,
        level: 0,
        avatar: '',
        biography: '',
        language: 'ko',
        created,
      },
      {
        email: LOGINS[1].email,
        password,
        username: 'aurora.studio',
        name: 'Aurora Studio',
        isPremium: false,
        level: 0,
        avatar: images.avatars[1].key,
        biography: '작가와 함께 패키지와 캠페인을 만드는 디자인 브랜드입니다.',
        language: 'ko',
        created,
      },
    ]);
    const premium = (await sql.query('select id from users where is_premium and not is_staff order by id')).rows.map((r) => r.id as number);
    const pairs = new Set<string>();
    const follow = (follower: number, artist: number) => {
      if (follower !== artist) pairs.add(`${follower},${artist}`);
    };
    for (const id of artistIds) if (world.rnd.next() < 0.6) for (const artist of world.rnd.some(premium, world.rnd.int(1, 5))) follow(id, artist);
    for (const id of [staffId, brandId]) for (const artist of world.rnd.some(premium, 5)) follow(id, artist);
    await insertRows(
      sql,
      'follows',
      [
        ['follower_id', 'int'],
        ['artist_id', 'int'],
      ],
      [...pairs].map((p) => p.split(',').map(Number)),
    );
    for (const [i, call] of CALLS.entries()) {
      const { id, questionIds } = await insertOpenCall(sql, {
        ownerId: brandId,
        title: call.title,
        subtitle: call.subtitle,
        description: '오로라 스튜디오가 함께 작업할 작가를 찾습니다. Aurora Studio is looking for artists to work with.',
        logo: images.avatars[(i + 1) % images.avatars.length].key,
        background: images.banners[i % images.banners.length].key,
        status: call.status,
        closed: new Date(now + call.closes * DAY).toISOString(),
        selected: new Date(now + call.selects * DAY).toISOString(),
        // A brand's own call waits for staff's approval (issue #19).
        selfService: call.status === 'review',
        columns: [
          '<h2>모집 개요</h2><p>일러스트, 회화, 사진 등 모든 분야의 작가가 지원할 수 있습니다.</p><p>Artists of every field may apply.</p>',
          '<h2>혜택</h2><p>선정 작가에게는 제품 협업과 전시 기회가 주어집니다.</p><p>Selected artists work on a product with the brand.</p>',
        ],
        questions: [QUESTION],
      });
      calls.push({ status: call.status, id, submissions: 0 });
      questions.set(id, questionIds[0]);
    }
    const hearts = CALLS.flatMap((call, i) =>
      call.status === 'review' ? [] : world.rnd.some(artistIds, Math.min(6, artistIds.length)).map((user) => [calls[i].id, user]),
    );
    await insertRows(
      sql,
      'invite_subscriptions',
      [
        ['invite_id', 'int'],
        ['user_id', 'int'],
      ],
      hearts,
    );
  };

  // Then the submissions, as applying makes them: the application, its frozen copy (the images copied to anonymous
  // keys by the product's own code) and the answer; some selected in the call that published its selection.
  const finish = async (database: Database) => {
    const storage = new LocalStorage(loadConfig({}, { DATA_DIR: partial, SECRET_KEY: 'demo-generator-signs-nothing' }));
    const visible = await database.db
      .select({ id: artworks.id, authorId: artworks.authorId })
      .from(artworks)
      .where(eq(artworks.visible, true))
      .orderBy(asc(artworks.id));
    // One artwork per artist (their latest: a later id overwrites), so each call's entries come from different artists.
    const latestOfEach = [...new Map(visible.map((a) => [a.authorId, a.id])).values()];
    const pick = rnd;
    if (!pick) throw new Error('the submissions come after the calls');
    await database.db.transaction(async (tx) => {
      for (const [i, call] of CALLS.entries()) {
        const artworkIds = pick.some(latestOfEach, Math.min(call.submissions, latestOfEach.length));
        for (const [n, artworkId] of artworkIds.entries()) {
          const [application] = await tx
            .insert(inviteApplications)
            .values({ inviteId: calls[i].id, artworkId, selected: n < call.selected })
            .returning();
          await freezeSubmission(tx, storage, application);
          await tx
            .insert(inviteAnswers)
            .values({ applicationId: application.id, questionId: questions.get(calls[i].id) as number, answer: ANSWERS[n % ANSWERS.length] });
        }
        calls[i].submissions = artworkIds.length;
      }
    });
  };

  const generated = await generate({
    artists: options.artists ?? 40,
    artworks: options.artworks ?? 300,
    pgliteDir: join(partial, 'pglite'),
    dataDir: partial,
    seed: 29,
    covers: options.covers ?? 24,
    // About one in ten carries a staff level: the home page's best projects.
    levelled: 0.1,
    extend,
    finish,
    log: options.log,
  });
  const demo = { artists: generated.artists, artworks: generated.artworks, calls, logins: LOGINS };
  writeFileSync(join(partial, DEMO_MARKER), `${JSON.stringify(demo, null, 2)}\n`);
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(partial, dir);
  return { ...demo, dir, reused: false };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: DEMO_DIR },
      artworks: { type: 'string', default: '300' },
      artists: { type: 'string', default: '40' },
    },
  });
  const started = performance.now();
  try {
    const demo = await makeDemo({
      dir: values.dir,
      artworks: Number(values.artworks),
      artists: Number(values.artists),
      log: (line) => console.log(`demo: ${line}`),
    });
    // Made: its logins end the output (`npm run demo` prints them again just before the server starts).
    if (demo.reused) console.log(`demo: ${demo.dir} already holds the demo (${demo.artworks} artworks; logins in ${DEMO_MARKER}); using it as it is`);
    else {
      const calls = demo.calls.map((c) => `${c.status} (${c.submissions} submissions)`).join(', ');
      console.log(
        `demo: made in ${((performance.now() - started) / 1000).toFixed(1)} s in ${demo.dir}: ${demo.artists} artists, ${demo.artworks} artworks, open calls ${calls}`,
      );
      console.log('demo logins (e-mail, password):');
      for (const l of demo.logins) console.log(`  ${l.role.padEnd(6)}  ${l.email.padEnd(20)}  ${l.password}`);
    }
  } catch (error) {
    console.error(`demo: not made. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
