import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { createSession, type UserRow } from '../apps/api/test/factories.ts';
import { type Watch, watchContext } from './axe.ts';

export const baseURL = () => inject('baseURL');
export const dataDir = () => inject('dataDir');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Runs axe on the page now (after opening a modal, an overlay, a menu); fails on serious or critical (issue #21). */
  check(label?: string): Promise<void>;
  /** Console errors the journey provokes on purpose. */
  allowConsole(pattern: RegExp): void;
  /** The first page's watch (`auto(false)` pauses the checks after navigations). */
  watch: Watch;
  /** Checks the page it ends on, fails on any page or console error seen, and closes the browser. */
  close(): Promise<void>;
}

/** The watch of a browser opened with `watch: false`: nothing is checked. */
const UNWATCHED: Watch = { check: async () => {}, allowConsole: () => {}, assertHealthy: () => {}, auto: () => {} };

/**
 * A fresh Chromium profile (Debian chromium), in the given interface language; with `as`, logged in
 * as that user through a real session cookie (login itself has its own journey). Every page it opens is
 * watched (`e2e/axe.ts`): axe after each navigation, and page errors, hydration mismatches and console
 * errors fail the journey. `width` overrides the viewport's width (1440, or 390 with `mobile`); `timeZone` the
 * browser's (the machine's by default).
 */
export async function openBrowser(
  options: {
    lang?: 'ko' | 'en';
    mobile?: boolean;
    width?: number;
    javaScript?: boolean;
    as?: UserRow;
    reducedMotion?: boolean;
    timeZone?: string;
    deviceScaleFactor?: number;
    /**
     * `false` leaves the pages unwatched: for suites that are not journeys and check pages their own way (the
     * stored-XSS corpus fills pages with hostile markup on purpose and watches them with its canary).
     */
    watch?: boolean;
  } = {},
): Promise<Browser> {
  const lang = options.lang ?? 'ko';
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'axoo-chrome-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
    viewport: options.mobile ? { width: options.width ?? 390, height: 844 } : { width: options.width ?? 1440, height: 900 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    // A zone other than the server's shows markup that depends on where it was rendered (a hydration mismatch).
    ...(options.timeZone && { timezoneId: options.timeZone }),
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    javaScriptEnabled: options.javaScript ?? true,
    baseURL: baseURL(),
  });
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
  if (options.as) {
    const token = await createSession(await fixtures(), options.as);
    await context.addCookies([{ name: 'sessionid', value: token, url: baseURL(), httpOnly: true }]);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const { watch, all } = options.watch === false ? { watch: UNWATCHED, all: [] } : watchContext(context, page, lang, options.javaScript !== false);
  return {
    context,
    page,
    watch,
    check: watch.check,
    allowConsole: (pattern) => {
      for (const w of all) w.allowConsole(pattern);
    },
    close: async () => {
      try {
        if (!page.isClosed() && options.javaScript !== false) await watch.check('last page');
        for (const w of all) w.assertHealthy();
      } finally {
        await context.close();
      }
    },
  };
}

/**
 * Waits until React owns the whole of the server's markup (`<html data-hydrated>`, web hydration.ts). A link works
 * before that as a plain link (a full page load, not the overlay) and a typed value may meet the app's own; a step
 * that tests what the app does, not what a tap before it does (early-taps.e2e.ts), waits for it.
 */
export async function whole(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
}

const shots = resolve(import.meta.dirname, 'screenshots');
/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored) to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

let database: Promise<Database> | undefined;
/**
 * The journeys' own handle on the server's database, for arranging data a journey does not test
 * (e.g. a premium member). Exposes `{ db }` so the API test factories work unchanged.
 */
export async function fixtures(): Promise<FastifyInstance> {
  database ??= openDatabase({ url: inject('databaseURL'), pgliteDir: '' });
  const d = await database;
  return { db: d.db } as unknown as FastifyInstance;
}

/** Logs in through the real login page. */
export async function loginThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login/');
  await page.getByLabel(/email|이메일/i).fill(email);
  await page
    .getByLabel(/password|비밀번호/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /login|로그인/i }).click();
}

let pictures = 0;
/**
 * Blocks in black and white at places of their own for each picture: every file made here is a distinct picture
 * (issue #31: two accounts publishing near copies of one picture are held as possible reposts, and a gradient with
 * a circle alone is a near copy of any other).
 */
function blocks(width: number, height: number): string {
  let seed = (++pictures * 2654435761 + process.pid * 40503 + Date.now()) >>> 0;
  const next = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  return Array.from({ length: 6 }, (_, i) => {
    const [w, h] = [width * (0.1 + next() * 0.25), height * (0.1 + next() * 0.25)];
    return `<rect x="${next() * (width - w)}" y="${next() * (height - h)}" width="${w}" height="${h}" fill="${i % 2 ? '#ffffff' : '#000000'}" opacity="0.85"/>`;
  }).join('');
}

/** A real image file (a gradient with a circle and blocks, PNG or by its name JPEG), so crops show in screenshots. */
export async function imageFile(name: string, width: number, height: number, from: string, to: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff" opacity="0.7"/>${blocks(width, height)}</svg>`;
  const path = join(mkdtempSync(join(tmpdir(), 'axoo-image-')), name);
  const image = sharp(Buffer.from(svg));
  writeFileSync(path, name.endsWith('.jpg') ? await image.jpeg({ quality: 90 }).toBuffer() : await image.png().toBuffer());
  return path;
}

/** Every mail in the server's outbox (DATA_DIR/outbox) addressed to `to`, newest first (mails are sent by the job queue, so none may be there yet). */
export async function mailsTo(to: string) {
  const dir = join(dataDir(), 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort().reverse();
  } catch {}
  const found = [];
  for (const file of files) {
    const mail = await simpleParser(readFileSync(join(dir, file)));
    const address = Array.isArray(mail.to) ? mail.to[0]?.value[0]?.address : mail.to?.value[0]?.address;
    if (address === to) found.push(mail);
  }
  return found;
}

/**
 * The newest mail in the server's outbox addressed to `to` (whose subject matches `subject`, when given), waiting up
 * to 30 s for it. An account made by signing up also gets its address's confirmation mail (issue #33.7), which the
 * job queue may send after a mail the journey asked for: a journey expecting one mail among others names it.
 */
export async function mailTo(to: string, subject?: RegExp) {
  // A mail leaves through the job queue, which a busy machine (CI runs another suite beside the journeys) may take
  // tens of seconds to reach: 30 s.
  for (let attempt = 0; attempt < 150; attempt++) {
    const [newest] = (await mailsTo(to)).filter((mail) => !subject || subject.test(mail.subject ?? ''));
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${join(dataDir(), 'outbox')}`);
}

/**
 * Steps (1) and (2) through the upload screen tied to the invite (issue #4's screen with `inviteId`):
 * an image in the editor makes the draft, a cropped cover, the form, PUBLISHING; returns the artwork id
 * once the browser is on /goodluck/{invite}/published/{artwork}/.
 */
/** The upload sidebar's required fields (SPEC §5 publishing): a title, the first choice of each list, CC BY-NC. */
export async function fillPublishFields(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  for (const label of ['Genres', 'Fields', 'Concepts', 'Colour']) {
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: /^Licence/ }).click();
  await page.getByRole('option', { name: /CC BY-NC\)/ }).click();
}

export async function publishThroughUpload(page: Page, inviteId: number): Promise<number> {
  await page.getByTestId('editor').waitFor();
  await page.getByTestId('editor-file').setInputFiles(await imageFile('poster.png', 1200, 800, '#ff7043', '#ffd54f'));
  await page.waitForURL(new RegExp(`/goodluck/${inviteId}/upload/\\d+/$`));
  const id = Number(new RegExp(`/goodluck/${inviteId}/upload/(\\d+)/$`).exec(page.url())?.[1]);
  await page.getByTestId('cover-file').setInputFiles(await imageFile('cover.png', 1600, 1200, '#26a69a', '#ffee58'));
  await page.getByTestId('crop-done').click();
  await page.locator('img[src*="/media/artworks/"][width="240"]').waitFor({ timeout: 20_000 });
  await fillPublishFields(page, 'Summer Poster');
  await page.getByTestId('publish').click();
  // Issue #18: the first publish with images lacking alt text is held once for a reminder.
  await page.getByRole('dialog').getByRole('button', { name: 'Publish anyway' }).click();
  await page.waitForURL(`**/goodluck/${inviteId}/published/${id}/`, { timeout: 20_000 });
  return id;
}
