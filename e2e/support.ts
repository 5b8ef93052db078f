import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { createSession, type UserRow } from '../apps/api/test/factories.ts';

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
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile (Debian chromium), in the given interface language; with `as`, logged in
 * as that user through a real session cookie (login itself has its own journey).
 */
export async function openBrowser(options: { lang?: 'ko' | 'en'; mobile?: boolean; javaScript?: boolean; as?: UserRow } = {}): Promise<Browser> {
  const lang = options.lang ?? 'ko';
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'axoo-chrome-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
    locale: lang === 'ko' ? 'ko-KR' : 'en-US',
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: 1,
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
  return { context, page, close: () => context.close() };
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

/** A real image file (a gradient with a circle, PNG or by its name JPEG), so crops show in screenshots. */
export async function imageFile(name: string, width: number, height: number, from: string, to: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#ffffff" opacity="0.7"/></svg>`;
  const path = join(mkdtempSync(join(tmpdir(), 'axoo-image-')), name);
  const image = sharp(Buffer.from(svg));
  writeFileSync(path, name.endsWith('.jpg') ? await image.jpeg({ quality: 90 }).toBuffer() : await image.png().toBuffer());
  return path;
}
