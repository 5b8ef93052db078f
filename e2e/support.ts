import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';

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

/** A fresh Chromium profile (Debian chromium), in the given interface language. */
export async function openBrowser(options: { lang?: 'ko' | 'en'; mobile?: boolean; javaScript?: boolean } = {}): Promise<Browser> {
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
