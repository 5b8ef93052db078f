import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { media } from '../apps/api/src/db/schema/index.ts';
import { csrfTokenForSession } from '../apps/api/src/http/csrf.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, createSession, type UserRow } from '../apps/api/test/factories.ts';
import { baseURL, type Browser, dataDir, fixtures, openBrowser, screenshot } from '../e2e/support.ts';
import { report, SEED } from './seed.ts';
import { armCanary, audit, type Hit } from './xss/canary.ts';
import { corpus, PER_FIELD_FLOOR, type Payload, shortCorpus } from './xss/corpus.ts';
import { type ModerationPages, writeModeration } from './xss/moderation.ts';
import { type NewestPages, type Writer, writeNewest } from './xss/newest.ts';

/**
 * Issue #15 (2), stored XSS: a generated corpus written through the product's own API, as the user who may write
 * each field (artist, staff, invite owner, applicant), into every user-controlled field that is rendered — artwork
 * title, content HTML, tags and content images' alt text; profile name, biography, about, website and social
 * links; invite title, subtitle, description, questions and page columns; application answers; banner and partner
 * texts and links; and (issue #29) inbox subjects and messages, hire notes and rates, rubric criteria, jurors'
 * comments, the pages of a brand's own call and the notifications that name who acted; (issues #31, #33 and #34.6,
 * `xss/moderation.ts`) reports' details, staff's action notes, appeals, takedown notices and counter-notices, repost
 * holds' explanations, the jury's released feedback and watermark texts. Then every page that shows them is opened in Chromium, armed with a canary, as the people who
 * see them (guest, owner, staff, applicant): no payload may run and no Content-Security-Policy violation may be
 * reported. Each page's server HTML is also read by the browser with scripts off: no markup a payload brought,
 * the share-preview tags escaped and in the head, the inlined JSON whole.
 *
 * Payloads are batched: one artwork, profile and invite carries many of them, so a few dozen pages show them all.
 */
const CHUNK = 76;
const CSRF = 'xsscorpusxsscorpusxsscorpusxss00';

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** A client of the running app as one user, with a session and the CSRF cookie and header. */
class Api {
  /** A session's CSRF token is bound to it (issue #36); a guest's is any well-formed one. */
  private readonly csrf: string;
  constructor(private readonly session: string | null) {
    this.csrf = session ? csrfTokenForSession(readFileSync(join(dataDir(), 'secret-key'), 'utf8').trim(), session) : CSRF;
  }
  /**
   * One request, as a well-behaved client sends it: a 429 is waited out (its Retry-After) and sent again. The corpus
   * writes hundreds of values a minute from one address, past per-address limits such as collecting's 300 a minute;
   * on a fast machine the collects beyond it were refused, so some owners got no notices at all (issue #29).
   */
  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${baseURL()}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          'x-csrftoken': this.csrf,
          cookie: `csrftoken=${this.csrf}${this.session ? `; sessionid=${this.session}` : ''}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const wait = Number(res.headers.get('retry-after'));
      if (res.status === 429 && attempt < 5 && wait > 0 && wait <= 120) {
        await res.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 250));
        continue;
      }
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    }
  }
}

const sessions = new Map<number, string>();
async function sessionOf(user: UserRow) {
  let s = sessions.get(user.id);
  if (!s) {
    s = await createSession(await fixtures(), user);
    sessions.set(user.id, s);
  }
  return s;
}
const as = async (user: UserRow) => new Api(await sessionOf(user));

/** Payloads per field: stored (2xx), refused by validation (400) and too long for the field (not sent). */
const fields = new Map<string, { stored: number; refused: number; tooLong: number }>();
function tally(field: string, what: 'stored' | 'refused' | 'tooLong', n = 1) {
  const f = fields.get(field) ?? { stored: 0, refused: 0, tooLong: 0 };
  f[what] += n;
  fields.set(field, f);
}

/** Anything but a 2xx or a 400 is a defect of its own (a 500 on hostile text, a 403 for the rightful writer). */
const unexpected: string[] = [];
function expectWritten(field: string, res: Answer, payloads: number): boolean {
  if (res.status < 300) tally(field, 'stored', payloads);
  else if (res.status === 400) tally(field, 'refused', payloads);
  else unexpected.push(`${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.status < 300;
}

/** Packs payload texts into values no longer than the field allows; texts longer than that are counted, not sent. */
function pack(field: string, payloads: Payload[], max: number, sep = ' '): { value: string; count: number }[] {
  const out: { value: string; count: number }[] = [];
  for (const p of payloads) {
    if (p.text.trim().length > max || p.text.trim() === '') {
      tally(field, 'tooLong');
      continue;
    }
    const last = out[out.length - 1];
    if (last && last.value.length + sep.length + p.text.length <= max) {
      last.value += sep + p.text;
      last.count++;
    } else out.push({ value: p.text, count: 1 });
  }
  return out;
}

/** What the newest fields' writers (xss/newest.ts) use of this file. */
const writer: Writer = { as, expectWritten, pack, tally };

const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** With at most `limit` tasks at once. */
async function pool<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

interface Chunk {
  payloads: Payload[];
  users: UserRow[];
  artworks: number[];
  /** The artwork whose content carries the whole chunk, and its stored title. */
  content: { id: number; title: string };
  /** Users whose profile carries biography, about or social links. */
  profiles: UserRow[];
  invite: number;
  /** The brand's calls sent back with a note. */
  returned: number[];
  /** Every call that carries payloads, with its stored title. */
  calls: { id: number; title: string }[];
  /** An artist of the chunk who has not applied, with an artwork to apply with. */
  applicant: { user: UserRow; artwork: number };
  search: string;
  tag: string | null;
  /** The newest fields' pages (issue #29): hire, inbox, rubrics, a juror's comments, a brand's call, notices. */
  newest: NewestPages;
  /** Issues #31, #33 and #34's pages: decisions, takedown notices, holds, released feedback, watermarks. */
  moderation: ModerationPages;
}

const payloads = corpus(SEED);
const short = shortCorpus(payloads.length + 1);
payloads.push(...short.slice(0, 8));
/**
 * The rest of the short payloads go only into the fields too short for most of the corpus (tags, genre names), a
 * share per chunk, so that those fields reach the per-field floor too without a page or an artist more per payload.
 */
const extraShort = short.slice(8);
const CHUNKS = Math.ceil(payloads.length / CHUNK);
const shortFor = (c: number) => extraShort.filter((_p, i) => i % CHUNKS === c);
const chunks: Chunk[] = [];
let staff: UserRow;
let brand: UserRow;
let written = 0;
const SOCIAL = ['website', 'instagram', 'facebook', 'twitter', 'pinterest', 'tumblr', 'youtube', 'vimeo'] as const;

/** One chunk of payloads into every field, through the API, by the user allowed to write it. */
async function writeChunk(c: number, list: Payload[]): Promise<Chunk> {
  const db = await fixtures();
  const users: UserRow[] = [];
  const artworks: number[] = [];
  // One artist and one artwork per payload: the name and the title are one value each.
  await pool(list, 6, async (p, i) => {
    const user = await buildPremium(db, { username: `xss${SEED % 10_000}c${c}u${i}` });
    users[i] = user;
    artworks[i] = (await buildArtwork(db, user)).id;
    if (p.text.trim().length > 100 || !p.text.trim()) {
      tally('profile name', 'tooLong');
      tally('artwork title', 'tooLong');
      return;
    }
    const api = await as(user);
    expectWritten('profile name', await api.send('PUT', `/api/v1/users/${user.id}/`, { name: p.text }), 1);
    expectWritten('artwork title', await api.send('PUT', `/api/v1/artworks/${artworks[i]}/`, { title: p.text }), 1);
    written += 2;
  });
  // The chunk's content artwork: every payload as HTML, as a kept image's alt text and caption, as a link.
  const author = users[0];
  const api0 = await as(author);
  const html = list
    // Each payload in an element of its own, so one left open (an <svg>, a <style>) swallows as little as possible.
    .map(
      (p) =>
        `<div>${p.text}</div><figure><img src="/media/test/content.png" alt="${attr(p.text)}"><figcaption>${p.text}</figcaption></figure><p><a href="${attr(p.text)}" title="${attr(p.text)}">${p.text}</a></p>`,
    )
    .join('\n');
  const content = `<p><img src="/media/test/content.png"></p>${html}`;
  if (expectWritten('artwork content', await api0.send('PUT', `/api/v1/artworks/${artworks[0]}/`, { content }), list.length)) {
    tally('content image alt', 'stored', list.length);
    tally('content link href', 'stored', list.length);
  }
  written += 3 * list.length;
  const shortOnes = [...list, ...shortFor(c)].filter((p) => p.text.trim().replace(/^#/, '').length <= 20 && p.text.trim());
  for (const p of list) if (!shortOnes.includes(p)) tally('artwork tags', 'tooLong');
  for (let i = 0; i < shortOnes.length; i += 10) {
    const group = shortOnes.slice(i, i + 10);
    const target = artworks[i / 10] ?? artworks[0];
    const api = i === 0 ? api0 : await as(users[i / 10] ?? author);
    expectWritten('artwork tags', await api.send('PUT', `/api/v1/artworks/${target}/`, { tags: group.map((p) => p.text) }), group.length);
    written += group.length;
  }
  const stored = (await api0.send('GET', `/api/v1/artworks/${artworks[0]}/`)).body as { title: string; tags: { name: string }[] };

  // Profiles: biography and about carry the chunk; social links one payload each, kinds in turn.
  const profiles = new Set<UserRow>([author]);
  for (const field of ['biography', 'about'] as const) {
    for (const [i, v] of pack(`profile ${field}`, list, 5000, '\n').entries()) {
      const user = users[i];
      profiles.add(user);
      expectWritten(`profile ${field}`, await (await as(user)).send('PUT', `/api/v1/users/${user.id}/`, { [field]: v.value }), v.count);
      written += v.count;
    }
  }
  // Every kind gets every payload of the chunk (the per-field floor), packed into values the field can hold.
  const byKind = SOCIAL.map((kind) => pack(`profile ${kind}`, list, 200));
  for (let u = 0; byKind.some((values) => values[u]); u++) {
    const user = users[u];
    profiles.add(user);
    const body: Record<string, string> = {};
    for (const [k, kind] of SOCIAL.entries()) if (byKind[k][u]) body[kind] = byKind[k][u].value;
    const res = await (await as(user)).send('PUT', `/api/v1/users/${user.id}/`, { ...body, public_collection: true });
    for (const [k, kind] of SOCIAL.entries()) if (byKind[k][u]) expectWritten(`profile ${kind}`, res, byKind[k][u].count);
    written += Object.keys(body).length;
  }

  // The invite: staff start it for the brand; titles, subtitles and descriptions that do not fit one call go on more.
  const closed = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const titles = pack('invite title', list, 200);
  const subtitles = pack('invite subtitle', list, 200);
  const descriptions = pack('invite description', list, 5000, '\n');
  const questions = pack('invite question', list, 1000);
  const invites: { id: number; title: string }[] = [];
  const staffApi = await as(staff);
  const brandApi = await as(brand);
  for (let k = 0; k < Math.max(titles.length, subtitles.length, descriptions.length, 1); k++) {
    const body = {
      owner: brand.id,
      status: 'ongoing',
      closed,
      title: titles[k]?.value ?? `XSS call ${c}.${k}`,
      subtitle: subtitles[k]?.value ?? '',
      description: descriptions[k]?.value ?? '',
      ...(k === 0 ? { questions: questions.map((q) => ({ question: q.value })) } : {}),
    };
    const res = await staffApi.send('POST', '/api/v1/invites/', body);
    if (titles[k]) expectWritten('invite title', res, titles[k].count);
    if (subtitles[k]) expectWritten('invite subtitle', res, subtitles[k].count);
    if (descriptions[k]) expectWritten('invite description', res, descriptions[k].count);
    if (k === 0) for (const q of questions) expectWritten('invite question', res, q.count);
    written += (titles[k]?.count ?? 0) + (subtitles[k]?.count ?? 0) + (descriptions[k]?.count ?? 0);
    if (res.status >= 300) throw new Error(`could not start a call: ${res.status} ${JSON.stringify(res.body)}`);
    invites.push({ id: res.body?.id as number, title: res.body?.title as string });
  }
  written += list.length;
  const invite = invites[0].id;
  // The brand's own page and column, with the chunk's markup.
  // One column per payload (each sanitised on its own), 24 to a page.
  for (let i = 0; i < list.length; i += 24) {
    const columns = list.slice(i, i + 24).map((p) => ({ content: `${p.text}<p><img src="/media/test/content.png" alt="${attr(p.text)}"></p>`, width: 6 }));
    const page = await brandApi.send('POST', '/api/v1/invite-pages/', { invite, columns });
    if (expectWritten('invite column', page, columns.length)) tally('invite column image alt', 'stored', columns.length);
    written += 2 * columns.length;
  }

  // Staff name genres (the console's lists) with payloads; artists of the chunk file their artwork under one, so
  // cards, the overlay and the filters (and every page's inlined site data) show the names.
  for (const [k, v] of pack('genre name', [...list, ...shortFor(c)], 50).entries()) {
    const code = `xss-${c}-${k}`;
    const res = await staffApi.send('POST', '/api/v1/admin/lists/categories/', { code, name_ko: v.value, name_en: v.value });
    if (!expectWritten('genre name', res, v.count)) continue;
    written += v.count;
    const i = (k + 1) % users.length;
    const filed = await (await as(users[i])).send('PUT', `/api/v1/artworks/${artworks[i]}/`, { categories: [code] });
    if (filed.status >= 300) unexpected.push(`filing an artwork under ${code}: ${filed.status}`);
  }

  // Staff send the brand's own calls back with notes the brand reads (one call per note).
  const returned: number[] = [];
  for (const [k, note] of pack('invite review note', list, 2000, '\n').entries()) {
    const own = await brandApi.send('POST', '/api/v1/invites/', { title: `XSS review ${c}.${k}`, closed });
    if (own.status >= 300) throw new Error(`the brand could not start a call: ${own.status} ${JSON.stringify(own.body)}`);
    expectWritten('invite review note', await staffApi.send('POST', `/api/v1/invites/${own.body?.id}/return/`, { note: note.value }), note.count);
    written += note.count;
    returned.push(own.body?.id as number);
  }

  // Applicants answer every question with the chunk's payloads.
  const asked = (await staffApi.send('GET', `/api/v1/invite-questions/?invite=${invite}`)).body as unknown;
  const questionIds = ((Array.isArray(asked) ? asked : ((asked as { results?: unknown[] })?.results ?? [])) as { id: number }[]).map((q) => q.id);
  const answers = pack('application answer', list, 250);
  let applicants = 0;
  for (let a = 0; a < answers.length; a += Math.max(1, questionIds.length)) {
    const user = users[applicants + 1] ?? author;
    const mine = answers.slice(a, a + questionIds.length);
    const res = await (await as(user)).send('POST', '/api/v1/invite-applications/', {
      invite,
      artwork: artworks[users.indexOf(user)],
      answers: mine.map((v, i) => ({ question: questionIds[i], answer: v.value })),
    });
    for (const v of mine) expectWritten('application answer', res, v.count);
    written += mine.reduce((s, v) => s + v.count, 0);
    applicants++;
  }
  const last = users.length - 1;
  // The content artwork on home (best projects) and collected, so the collection tab shows it.
  await staffApi.send('PATCH', `/api/v1/artworks/${artworks[0]}/`, { level: 5 });
  await api0.send('POST', '/api/v1/collections/', { artwork: artworks[last] });
  const search = list.find((p) => p.text.trim().length <= 100 && p.text.trim().length >= 3)?.text ?? 'a';
  const newest = await writeNewest(writer, { c, list, users, artworks, brand, staff, returned: returned[0], db });
  for (const user of newest.hirers) profiles.add(user);
  const moderation = await writeModeration(writer, { c, list, users, artworks, brand, staff, returned: returned[0], db, short: shortFor(c) });
  return {
    newest,
    moderation,
    payloads: list,
    users,
    artworks,
    content: { id: artworks[0], title: stored.title },
    profiles: [...profiles],
    invite,
    returned,
    calls: invites,
    applicant: { user: users[last], artwork: artworks[last] },
    search,
    tag: stored.tags[0]?.name ?? null,
  };
}

/** Banners and partners: staff write the texts and links; a link the form refuses is sent again empty. */
async function writeCuration() {
  const db = await fixtures();
  const api = await as(staff);
  const image = async (n: number) => {
    const key = `banners/xss-${SEED}-${n}.png`;
    await db.db.insert(media).values({ key, ownerId: staff.id, contentType: 'image/png', size: 10, width: 800, height: 200, status: 'ready' });
    return key;
  };
  const alts = pack('banner alt', payloads, 200);
  const names = pack('partner name', payloads, 200);
  const benefits = pack('partner benefit', payloads, 300);
  // Every payload is tried as a banner's and a partner's link (the per-field floor); most are refused as links.
  const urls = payloads.filter((p) => p.text.trim().length <= 200);
  for (const p of payloads) if (p.text.trim().length > 200) for (const f of ['banner url', 'partner url']) tally(f, 'tooLong');
  let n = 0;
  for (let k = 0; k < Math.max(alts.length, names.length, benefits.length, urls.length); k++) {
    const url = urls[k]?.text ?? '';
    if (alts[k] || url) {
      let res = await api.send('POST', '/api/v1/admin/banners/', { url, image: await image(n++), alt: alts[k]?.value ?? '', level: 1 });
      if (url) {
        if (res.status === 400 && (res.body as { url?: unknown } | null)?.url) tally('banner url', 'refused');
        else expectWritten('banner url', res, 1);
      }
      if (res.status === 400 && alts[k])
        res = await api.send('POST', '/api/v1/admin/banners/', { url: '', image: await image(n++), alt: alts[k].value, level: 1 });
      if (alts[k]) expectWritten('banner alt', res, alts[k].count);
      written += (alts[k]?.count ?? 0) + (url ? 1 : 0);
    }
    if (names[k] || benefits[k] || url) {
      const body = { name: names[k]?.value ?? '', benefit: benefits[k]?.value ?? '', url, image: await image(n++), level: 1 };
      let res = await api.send('POST', '/api/v1/admin/clients/', body);
      if (url) {
        if (res.status === 400 && (res.body as { url?: unknown } | null)?.url) tally('partner url', 'refused');
        else expectWritten('partner url', res, 1);
      }
      if (res.status === 400 && (names[k] || benefits[k]))
        res = await api.send('POST', '/api/v1/admin/clients/', { ...body, url: '', image: await image(n++) });
      if (names[k]) expectWritten('partner name', res, names[k].count);
      if (benefits[k]) expectWritten('partner benefit', res, benefits[k].count);
      written += (names[k]?.count ?? 0) + (benefits[k]?.count ?? 0) + (url ? 1 : 0);
    }
  }
}

let live: Browser;
let ssr: Browser;
const hits: Hit[] = [];
const problems: string[] = [];
let pagesOpened = 0;
let serverPages = 0;

// Writing the corpus takes about a minute on two idle cores; a busy machine needs more.
beforeAll(async () => {
  const db = await fixtures();
  staff = await buildStaff(db);
  brand = await buildUser(db, { name: 'XSS Brand' });
  const slices = Array.from({ length: Math.ceil(payloads.length / CHUNK) }, (_x, c) => payloads.slice(c * CHUNK, (c + 1) * CHUNK));
  await pool(slices, 2, async (list, c) => {
    chunks[c] = await writeChunk(c, list);
  });
  await writeCuration();
  // Not the journeys' accessibility watch: these pages hold hostile markup on purpose; the canary is the check here.
  live = await openBrowser({ lang: 'en', watch: false });
  await armCanary(live.context, hits);
  ssr = await openBrowser({ lang: 'en', javaScript: false, watch: false });
}, 600_000);

afterAll(async () => {
  await live?.close();
  await ssr?.close();
});

/** Switches the live browser to a viewer (null: a guest). */
async function viewAs(context: BrowserContext, user: UserRow | null) {
  await context.clearCookies();
  const cookies = [{ name: 'lang', value: 'en', url: baseURL() }];
  if (user) cookies.push({ name: 'sessionid', value: await sessionOf(user), url: baseURL() });
  await context.addCookies(cookies);
}

/** Scrolls to the end of an infinite list until no more items come (at most `rounds` pages); returns how many there are. */
async function scrollAll(page: Page, rounds: number): Promise<number> {
  const items = page.locator('[data-testid="artwork-card"], article, li');
  let count = await items.count();
  for (let i = 0; i < rounds; i++) {
    const before = count;
    // The next page arrives and renders (or the list has ended); a busy machine may take a while, and a sentinel
    // already on screen fires only when it comes into view again, so scroll to the last item and the end each try.
    for (let wait = 0; wait < 60 && count === before; wait++) {
      if (wait % 10 === 0) {
        if (count > 0)
          await items
            .nth(count - 1)
            .scrollIntoViewIfNeeded()
            .catch(() => {});
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      }
      await page.waitForTimeout(250);
      count = await items.count();
    }
    if (count === before) break;
  }
  return count;
}

/** Opens a page in the armed browser (its first tab unless told), lets it settle (and act), then audits the live document. */
async function visit(path: string, options: { act?: (page: Page) => Promise<void>; wait?: string; page?: Page } = {}) {
  const page = options.page ?? live.page;
  const before = hits.length;
  await page.goto(path, { waitUntil: 'load' });
  if (options.wait) await page.locator(options.wait).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  if (options.act)
    await options.act(page).catch(async (err) => {
      await screenshot(page, 'xss-failure');
      throw err;
    });
  pagesOpened++;
  for (const p of await audit(page)) problems.push(`live ${path}: ${p}`);
  if (hits.length > before) problems.push(`live ${path}: ${hits.length - before} canary hits`);
}

/**
 * Walks a console list page by page (its Next button, issue #31's lists show 20 rows a page): each page's details
 * opened and its document audited; returns how many pages it read.
 */
async function pageThrough(page: Page, path: string, rowSelector: string): Promise<number> {
  await page.locator(rowSelector).first().waitFor({ timeout: 30_000 });
  for (let n = 1; ; n++) {
    for (const d of await page.locator('details').all()) await d.evaluate((el) => el.setAttribute('open', ''));
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
    for (const p of await audit(page)) problems.push(`live ${path} page ${n}: ${p}`);
    const next = page.getByRole('button', { name: /^next$/i });
    if ((await next.count()) === 0 || (await next.isDisabled())) return n;
    const first = await page.locator(rowSelector).first().innerHTML();
    await next.click();
    await expect.poll(() => page.locator(rowSelector).first().innerHTML(), { timeout: 30_000 }).not.toBe(first);
  }
}

/** Reads the server's HTML of a page with scripts off, as a link preview or a crawler would, and audits it. */
async function serverHtml(path: string, titleContains?: string, page = ssr.page) {
  const res = await page.goto(path, { waitUntil: 'domcontentloaded' });
  serverPages++;
  if (!res || res.status() >= 500) problems.push(`server ${path}: ${res?.status()}`);
  for (const p of await audit(page, { titleContains })) problems.push(`server ${path}: ${p}`);
}

describe('stored XSS corpus (issue #15)', () => {
  it('the canary sees a payload that runs and a violation of the policy (self-check)', async () => {
    const page = live.page;
    await page.goto('about:blank');
    await page.setContent(`<img src="/nowhere" onerror="__xss(-1)"><svg onload="alert(-2)"></svg><img src="${baseURL()}/__xss/-3">`);
    await expect.poll(() => hits.map((h) => h.kind).sort()).toEqual(['call', 'dialog', 'request']);
    // On a page of the product, an inline script is refused by its CSP, and the refusal is reported.
    await page.goto('/about/');
    await page.addScriptTag({ content: '__xss(-4)' }).catch(() => {});
    await expect.poll(() => hits.filter((h) => h.kind === 'csp').length).toBe(1);
    expect(hits.filter((h) => h.kind === 'call')).toHaveLength(1);
    hits.length = 0;
  });

  it('no payload runs on any page that shows it, and no CSP violation is reported', async () => {
    const profileOf = (u: UserRow) => `/${u.slug}/`;
    // Guests: home, the whole gallery, a search and a tag per chunk, profiles and their tabs, overlays, artwork pages, calls.
    await viewAs(live.context, null);
    const guestPaths = ['/', '/gallery/all/', '/goodluck/'];
    await visit('/', {});
    let galleryCards = 0;
    await visit('/gallery/all/', {
      act: async (page) => {
        await scrollAll(page, 40);
        galleryCards = await page.getByTestId('artwork-card').count();
      },
    });
    // The list shows the newest calls (INVITE_PAGE_SIZE); the others' titles are read on their own pages below.
    const listed = new Set<number>();
    await visit('/goodluck/', {
      act: async (page) => {
        await scrollAll(page, 10);
        for (const href of await page.locator('a[href^="/goodluck/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
          listed.add(Number(/^\/goodluck\/(\d+)\/$/.exec(href)?.[1]));
      },
    });
    for (const chunk of chunks) {
      const search = `/gallery/all/?search=${encodeURIComponent(chunk.search)}`;
      await visit(search);
      guestPaths.push(search);
      if (chunk.tag) {
        const tag = `/gallery/all/?tag=${encodeURIComponent(chunk.tag)}`;
        await visit(tag);
        guestPaths.push(tag);
      }
      for (const user of chunk.profiles) {
        const path = profileOf(user);
        guestPaths.push(path);
        if (user !== chunk.users[0]) {
          await visit(path, { wait: '[data-testid="profile"]' });
          continue;
        }
        // The author's grid, then the overlay opened from it as a visitor would.
        await visit(path, {
          wait: `[data-artwork-id="${chunk.content.id}"]`,
          act: async (page) => {
            await page.locator(`[data-artwork-id="${chunk.content.id}"] a[href="/artwork/${chunk.content.id}/"]`).first().click();
            await page.getByTestId('artwork-overlay').locator('figure').first().waitFor({ state: 'attached', timeout: 15_000 });
            await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
            if (chunk === chunks[0]) await screenshot(page, 'xss-overlay');
          },
        });
      }
      const author = profileOf(chunk.users[0]);
      for (const type of ['collection', 'application']) {
        await visit(`${author}?type=${type}`, { wait: '[data-testid="profile"]' });
        guestPaths.push(`${author}?type=${type}`);
      }
      await visit(`/artwork/${chunk.content.id}/`, { wait: '[data-testid="artwork-overlay"] [data-testid="licence"]' });
      await visit(`/goodluck/${chunk.invite}/`, {
        wait: '[data-testid="invite-pages"]',
        act: async (page) => {
          if (chunk === chunks[0]) await screenshot(page, 'xss-invite');
        },
      });
    }
    // Server HTML, three pages at a time (the scripts are off: each is one request and a parse).
    const serverReads: [string, string?][] = guestPaths.map((path) => [path]);
    for (const chunk of chunks) {
      serverReads.push([`/artwork/${chunk.content.id}/`, chunk.content.title]);
      for (const call of chunk.calls) if (call.id === chunk.invite || !listed.has(call.id)) serverReads.push([`/goodluck/${call.id}/`, call.title]);
    }
    const readers = [ssr.page, await ssr.context.newPage(), await ssr.context.newPage()];
    await pool(readers, readers.length, async (reader) => {
      for (let read = serverReads.shift(); read; read = serverReads.shift()) await serverHtml(read[0], read[1], reader);
    });

    // The brand: its calls, each call's submissions with the answers, the notes on calls sent back, the edit forms.
    await viewAs(live.context, brand);
    await visit('/goodluck/mine/', { act: async (page) => void (await scrollAll(page, 10)) });
    for (const chunk of chunks) {
      await visit(`/goodluck/${chunk.invite}/?tab=submissions`, {
        act: async (page) => {
          await page.locator('details').first().waitFor({ timeout: 15_000 });
          for (const d of await page.locator('details').all()) await d.evaluate((el) => el.setAttribute('open', ''));
        },
      });
    }
    for (const chunk of chunks) for (const id of chunk.returned) await visit(`/goodluck/${id}/`, { wait: '[data-testid="review-note"]' });
    await visit(`/goodluck/${chunks[0].returned[0]}/edit/`, { wait: '[data-testid="review-note"]' });
    await visit(`/goodluck/${chunks[0].invite}/edit/`);

    // The brand's rubrics (issue #29).
    for (const chunk of chunks) for (const id of chunk.newest.rubrics) await visit(`/goodluck/${id}/?tab=judging`, { wait: '[data-testid="criteria"] li' });

    // The newest fields as those who read them (issue #29): a juror's comments on each entry, the inbox and its
    // threads, the notifications page and the bell.
    for (const chunk of chunks) {
      const { jury, inbox, noticed } = chunk.newest;
      await viewAs(live.context, jury.user);
      await visit(`/goodluck/${jury.invite}/jury/`, {
        wait: '[data-testid="scoring"]',
        act: async (page) => {
          for (let e = 1; e < jury.entries; e++) {
            const title = await page.getByTestId('item-title').textContent();
            await page.getByTestId('next').click();
            await expect.poll(() => page.getByTestId('item-title').textContent(), { timeout: 15_000 }).not.toBe(title);
          }
        },
      });
      await viewAs(live.context, inbox.user);
      await visit('/inbox/', { act: async (page) => void (await scrollAll(page, 10)) });
      for (const id of inbox.threads) await visit(`/inbox/${id}/`, { wait: '[data-testid="thread"], main' });
      await viewAs(live.context, noticed);
      await visit('/notifications/', {
        act: async (page) => {
          // The page's own list first (a busy machine answers the notices' query slowly), then the bell's.
          await page.locator('[data-testid="notifications-page"] [data-testid="notice"]').first().waitFor({ timeout: 45_000 });
          await scrollAll(page, 10);
          const shown = page.locator('[data-testid="notice"]:visible');
          const before = await shown.count();
          await page.getByTestId('bell').click();
          // The bell's panel adds its own notices to the page's.
          await expect.poll(() => shown.count(), { timeout: 45_000 }).toBeGreaterThan(before);
        },
      });
    }

    // Applicants: the application step shows the questions; an artist's own profile in edit mode.
    for (const chunk of chunks) {
      await viewAs(live.context, chunk.applicant.user);
      await visit(`/goodluck/${chunk.invite}/application/${chunk.applicant.artwork}/`);
    }
    await viewAs(live.context, chunks[0].users[0]);
    await visit(profileOf(chunks[0].users[0]), { wait: '[data-testid="profile"]' });

    // Staff: the console's screens that show these texts.
    await viewAs(live.context, staff);
    for (const path of ['/admin/banners', '/admin/partners', '/admin/members', '/admin/members?page=2', '/admin/members?page=3', '/admin/invites', '/'])
      await visit(path);
    // The brand's own calls under review, their pages written by the brand (issue #29).
    for (const chunk of chunks) await visit(`/goodluck/${chunk.newest.review}/`, { wait: '[data-testid="review-note"]' });
    // Issue #31's console: the reports (resolved by the corpus's actions: details and notes), the appeals, the audit
    // log, the takedown notices with their counter-notices and the holds with their explanations, every page of each.
    const consolePages: Record<string, number> = {};
    await visit('/admin/reports/', {
      act: async (page) => {
        await page.getByTestId('queue-status').selectOption('resolved');
        consolePages.reports = await pageThrough(page, '/admin/reports/', '[data-testid="report-group"]');
      },
    });
    const lists: [string, string, string][] = [
      ['appeals', '/admin/appeals/', '[data-testid="appeal"]'],
      ['audit', '/admin/audit/', '[data-testid="audit-row"]'],
      ['takedowns', '/admin/takedowns/', '[data-testid="takedown-row"]'],
      ['holds', '/admin/holds/', '[data-testid="hold-row"]'],
    ];
    for (const [name, path, row] of lists)
      await visit(path, {
        act: async (page) => {
          consolePages[name] = await pageThrough(page, path, row);
        },
      });

    // The owner of the reported, noticed and held work: the decisions (every page), each decision, the notices with
    // their counter-notices, each hold with its explanation (issue #31).
    for (const chunk of chunks) {
      const m = chunk.moderation;
      await viewAs(live.context, m.owner);
      await visit('/moderation/', { act: async (page) => void (await pageThrough(page, '/moderation/', '[data-testid="decision"]')) });
      for (const id of m.decisions) await visit(`/moderation/${id}/`, { wait: '[data-testid="decision"]' });
      await visit(`/notices/${m.noticed}/`, { wait: '[data-testid="takedown-notice"]' });
      for (const id of m.held) await visit(`/holds/${id}/`, { wait: '[data-testid="hold-page"]' });
      // Each applicant reads the jury's released feedback on the call's page and on the entry's feedback page (issue #33).
      for (const entry of m.feedback.entries) {
        await viewAs(live.context, entry.user);
        await visit(`/goodluck/${m.feedback.invite}/`, { wait: '[data-testid="entry-feedback"]' });
        await visit(`/goodluck/${m.feedback.invite}/feedback/${entry.application}/`, { wait: '[data-testid="feedback"]' });
      }
      // The watermarks' editors (issue #34.6), three tabs at once: all the drafts are one artist's.
      await viewAs(live.context, m.watermarks.user);
      const tabs = [live.page, await live.context.newPage(), await live.context.newPage()];
      const drafts = [...m.watermarks.drafts];
      await pool(tabs, tabs.length, async (tab) => {
        for (let id = drafts.shift(); id; id = drafts.shift()) await visit(`/upload/${id}/`, { page: tab, wait: '#upload-watermark-text' });
      });
      for (const tab of tabs.slice(1)) await tab.close();
    }

    const fieldFigures = Object.fromEntries(fields);
    report('stored XSS corpus', {
      payloads: payloads.length + extraShort.length,
      fields: fields.size,
      valuesWritten: written,
      chunks: chunks.length,
      galleryCards,
      pagesOpened,
      consolePages,
      serverPages,
      executions: hits.filter((h) => h.kind !== 'csp').length,
      cspViolations: hits.filter((h) => h.kind === 'csp').length,
      problems: problems.length,
      unexpected: unexpected.length,
    });
    console.log(
      Object.entries(fieldFigures)
        .map(([f, v]) => `  ${f}: ${v.stored} stored, ${v.refused} refused, ${v.tooLong} too long`)
        .join('\n'),
    );
    for (const h of hits) console.log(`hit ${h.kind} on ${h.url}: ${h.detail.slice(0, 200)}`);
    if (problems.length) console.log(problems.slice(0, 100).join('\n'));
    if (unexpected.length) console.log(unexpected.slice(0, 50).join('\n'));
    expect(payloads.length).toBeGreaterThanOrEqual(PER_FIELD_FLOOR);
    // Every field was tried with the floor: payloads stored or refused by its validation, not counting those too long.
    const thin = Object.entries(fieldFigures).filter(([, v]) => v.stored + v.refused < PER_FIELD_FLOOR);
    expect(thin.map(([f, v]) => `${f}: ${v.stored + v.refused}`)).toEqual([]);
    // The gallery was scrolled to its end: every hostile title and author name was on screen.
    expect(galleryCards).toBeGreaterThanOrEqual(fields.get('artwork title')?.stored ?? 1);
    expect(unexpected).toEqual([]);
    expect(hits).toEqual([]);
    expect(problems).toEqual([]);
    // Some 16 minutes on the shared 2-core machine at load 16 (issue #29's fields added a quarter of the pages); some 23
    // at load 18 with issues #31, #33 and #34.6's fields (820 pages instead of 306).
  }, 1_800_000);
});
