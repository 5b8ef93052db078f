import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The accessibility and page-health watch of every journey (issue #21), attached by `openBrowser` to each page
 * of its context.
 *
 * - axe-core (the WCAG 2.0/2.1/2.2 A and AA rules, axe's best practices, and the experimental
 *   `label-content-name-mismatch`) runs after every `goto`, `reload`, `goBack`, `goForward` and `waitForURL`,
 *   once per address, viewport and language, and on demand through `Browser.check(label)` (after opening a
 *   modal, an overlay, a menu or a tab). A serious or critical violation fails the step that found it, with
 *   the rule, the elements and axe's summary; so do the moderate `page-has-heading-one`,
 *   `landmark-main-is-top-level` and `landmark-no-duplicate-main`.
 * - A page error (an uncaught exception; a React hydration mismatch such as minified error #418, which React
 *   reports as an uncaught error) or a console error fails the journey at its next check and when the browser
 *   closes; a journey that provokes an expected one names it with `Browser.allowConsole`.
 * Every violation of any impact is appended to e2e/screenshots/axe/violations.jsonl (git-ignored), which
 * `docs/ACCESSIBILITY.md` reads its figures from.
 */
export interface Watch {
  /** Runs axe on the page as it is now (every time, not once per address) and fails on serious or critical. */
  check(label?: string): Promise<void>;
  /** Console errors matching this are expected by the journey (e.g. the 401 of a test of a wrong password). */
  allowConsole(pattern: RegExp): void;
  /** Fails if a page error or an unexpected console error happened since the last call. */
  assertHealthy(): void;
  /** Turns the automatic checks after navigations off (`false`) or on again, e.g. around a form that errs on purpose. */
  auto(on: boolean): void;
}

const FAILING = new Set(['serious', 'critical']);
// Moderate rules that fail too (issue #21): every page has one h1, and one top-level <main> (the shell's).
const FAILING_RULES = new Set(['page-has-heading-one', 'landmark-main-is-top-level', 'landmark-no-duplicate-main']);
// AXE_REPORT_ONLY=1 records every finding to the log without failing (to count them all before fixing).
const reportOnly = process.env.AXE_REPORT_ONLY === '1';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const log = resolve(import.meta.dirname, 'screenshots', 'axe');

// Console noise that is not the page's: the browser's own messages about requests it was told to make and that
// the server answered as the journey meant (a guest's 401 on /api/me is how the app learns it is a guest).
// Its own answers to bad input (400 with per-field messages), a guest (401/403), a missing page (404) or a conflict
// (409) are handled by the screens; a 5xx or anything else the page itself logs is not.
const ALWAYS_ALLOWED = [/^Failed to load resource: the server responded with a status of 4\d\d/];

function describe(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`)
        .join('\n');
      return `  [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help}\n${nodes}`;
    })
    .join('\n');
}

function record(results: AxeResults, where: string) {
  mkdirSync(log, { recursive: true });
  for (const v of results.violations) {
    appendFileSync(
      join(log, 'violations.jsonl'),
      `${JSON.stringify({ where, rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })}\n`,
    );
  }
}

/** Waits until the page has its heading, has painted its fonts and finished its running transitions, so colours are final. */
async function settle(page: Page) {
  await page.waitForLoadState('load').catch(() => {});
  // A link that navigates in the page changes the URL at once, while the old screen stays until the new one (a lazy
  // chunk, its texts) is ready: wait until the shell shows the screen of the address (Layout's data-path).
  await page
    .waitForFunction(
      () => {
        const main = document.getElementById('content');
        return !main?.dataset.path || main.dataset.path === window.location.pathname + window.location.search;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  // A screen loaded after a client-side navigation (a lazy chunk, its texts' chunk, its first query) shows its h1 when
  // it is there: on a loaded machine the call editor's three in a row took over 3 s (CI on 27f9013).
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => {});
  // Right after a client-side navigation the old page's h1 may still be there, then the new route's loading state
  // (a block spinner, no h1) replaces it: wait for the new screen itself.
  await page
    .waitForFunction(() => !document.querySelector('[data-spinner="block"]') && document.querySelector('h1'), undefined, { timeout: 10_000 })
    .catch(() => {});
  await page
    .evaluate(async () => {
      await document.fonts.ready;
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => {}))), new Promise((r) => setTimeout(r, 1500))]);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    })
    .catch(() => {});
}

export function watchPage(page: Page, lang: string, scripts = true): Watch {
  const problems: string[] = [];
  const allowed = [...ALWAYS_ALLOWED];
  const seen = new Set<string>();
  // axe runs as a script in the page: a page without JavaScript is only watched for errors.
  let automatic = scripts;

  page.on('pageerror', (error) => problems.push(`page error at ${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allowed.some((a) => a.test(text))) return;
    problems.push(`console error at ${page.url()}: ${text}`);
  });

  const assertHealthy = () => {
    if (problems.length === 0) return;
    const found = problems.splice(0);
    mkdirSync(log, { recursive: true });
    for (const problem of found) appendFileSync(join(log, 'errors.jsonl'), `${JSON.stringify({ lang, problem })}\n`);
    if (reportOnly) return;
    throw new Error(`the page reported ${found.length} error(s):\n  ${found.join('\n  ')}`);
  };

  const check = async (label?: string) => {
    await settle(page);
    const size = page.viewportSize();
    const where = `${lang} ${size?.width}px ${new URL(page.url()).pathname}${new URL(page.url()).search}${label ? ` [${label}]` : ''}`;
    let results: AxeResults | undefined;
    // A navigation in the middle of a run (a redirect, a replaced route) destroys its context: run again on the new page.
    for (let attempt = 0; attempt < 3 && !results; attempt++) {
      try {
        results = await new AxeBuilder({ page })
          .setLegacyMode(true)
          .withTags(TAGS)
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
          .analyze();
      } catch (error) {
        if (attempt === 2) throw error;
        await page.waitForLoadState('load').catch(() => {});
      }
    }
    if (!results) return;
    // WCAG 1.4.10 Reflow, which axe does not measure: nothing may make the page scroll sideways.
    const overflow = await page
      .evaluate(() => {
        const root = document.documentElement;
        if (root.scrollWidth <= root.clientWidth + 1) return null;
        // The last (innermost) element reaching past the edge names the culprit better than the first (its ancestors).
        const wide = [...document.body.querySelectorAll<HTMLElement>('*')].findLast((e) => e.getBoundingClientRect().right > root.clientWidth + 1);
        return { width: root.scrollWidth, viewport: root.clientWidth, element: wide ? `${wide.tagName.toLowerCase()}.${[...wide.classList].join('.')}` : '' };
      })
      .catch(() => null);
    if (overflow) {
      results.violations.push({
        id: 'reflow',
        impact: 'serious',
        help: `The page is ${overflow.width} px wide in a ${overflow.viewport} px viewport (WCAG 1.4.10)`,
        nodes: [{ target: [overflow.element], failureSummary: 'Wider than the viewport' }],
      } as unknown as Result);
    }
    record(results, where);
    assertHealthy();
    const failing = results.violations.filter((v) => FAILING.has(v.impact ?? '') || FAILING_RULES.has(v.id));
    if (failing.length > 0 && !reportOnly)
      throw new Error(`axe: ${failing.length} serious, critical or heading/landmark violation(s) at ${where}:\n${describe(failing)}`);
  };

  const once = async () => {
    if (!automatic || page.isClosed()) return;
    const url = new URL(page.url());
    if (url.protocol === 'about:') return;
    const key = `${page.viewportSize()?.width} ${url.pathname}${url.search}`;
    if (seen.has(key)) {
      assertHealthy();
      return;
    }
    seen.add(key);
    await check();
  };

  // Every navigation a journey waits for is followed by a check of where it landed.
  for (const method of ['goto', 'reload', 'goBack', 'goForward', 'waitForURL'] as const) {
    const original = (page[method] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const result = await original(...args);
      await once();
      return result;
    };
  }

  return {
    check,
    allowConsole: (pattern) => allowed.push(pattern),
    assertHealthy,
    auto: (on) => {
      automatic = on;
    },
  };
}

/** Watches the context's first page and every page it opens later; returns the first page's watch. */
export function watchContext(context: BrowserContext, first: Page, lang: string, scripts = true): { watch: Watch; all: Watch[] } {
  const all: Watch[] = [];
  const watch = watchPage(first, lang, scripts);
  all.push(watch);
  context.on('page', (page) => {
    if (page !== first) all.push(watchPage(page, lang, scripts));
  });
  return { watch, all };
}
