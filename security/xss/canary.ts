import type { BrowserContext, Page } from 'playwright-core';
import { CANARY_PATH } from './corpus.ts';

/** One sign that a payload ran (or tried to): a canary call, a dialog, a canary request or a CSP violation. */
export interface Hit {
  kind: 'call' | 'dialog' | 'request' | 'csp';
  detail: string;
  url: string;
}

/**
 * Arms a browser context: `window.__xss(n)` and the dialogs (alert, confirm, prompt, print) report to the test
 * instead of running, every `securitypolicyviolation` is reported, and any request for the canary path is one
 * more hit. The init script runs in every frame before the page's own scripts (the page's CSP does not apply to it).
 */
export async function armCanary(context: BrowserContext, hits: Hit[]): Promise<void> {
  await context.exposeBinding('__xssReport', ({ frame }, kind: Hit['kind'], detail: string) => {
    hits.push({ kind, detail: String(detail), url: frame.url() });
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __xssReport: (kind: string, detail: string) => void }).__xssReport;
    const canary = (n: unknown) => report('call', String(n));
    Object.defineProperty(window, '__xss', { value: canary, configurable: false });
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      (window as unknown as Record<string, unknown>)[name] = (message?: unknown) => {
        report('dialog', `${name}(${String(message)})`);
        return null;
      };
    }
    document.addEventListener('securitypolicyviolation', (e) => {
      report('csp', `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`);
    });
  });
  context.on('request', (request) => {
    if (request.url().includes(CANARY_PATH)) hits.push({ kind: 'request', detail: request.url(), url: request.frame().url() });
  });
  // A native dialog (should the wrapper ever be bypassed) is a hit too, and must not block the page.
  context.on('page', (page) => watchDialogs(page, hits));
  for (const page of context.pages()) watchDialogs(page, hits);
}

function watchDialogs(page: Page, hits: Hit[]) {
  page.on('dialog', (dialog) => {
    hits.push({ kind: 'dialog', detail: `native ${dialog.type()}(${dialog.message()})`, url: page.url() });
    void dialog.dismiss();
  });
}

export interface AuditOptions {
  /** Share-preview values the page must carry as text, exactly (e.g. the artwork's stored title). */
  titleContains?: string;
}

/**
 * Looks at the document as the browser parsed it (server HTML with scripts off, or the live page): executable
 * markup nowhere (handlers, script URLs, foreign scripts, frames, objects, base, refresh), the page's JSON blocks
 * whole and parseable, share-preview tags only in the head, once each. Returns what is wrong, as text.
 */
export async function audit(page: Page, options: AuditOptions = {}): Promise<string[]> {
  return page.evaluate((opts) => {
    const problems: string[] = [];
    const where = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`;
    const URL_ATTRS = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'background',
      'poster',
      'srcdoc',
      'srcset',
      'to',
      'values',
      'from',
      'by',
    ]);
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`${where(el)} has a handler ${name}="${attr.value.slice(0, 80)}"`);
        if (URL_ATTRS.has(name)) {
          // An image's data: URL never runs script (the app's default avatar is one). What a browser strips before the scheme: controls and spaces anywhere, tabs and newlines inside.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: what browsers ignore in a URL is the point.
          const v = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          if (/^(javascript|vbscript):/.test(v) || (/^data:/.test(v) && !(el.tagName === 'IMG' && name === 'src' && /^data:image\//.test(v))))
            problems.push(`${where(el)} ${name}="${attr.value.slice(0, 80)}"`);
          if (name === 'srcdoc') problems.push(`${where(el)} has srcdoc`);
        }
        if (name === 'style' && /expression\s*\(|url\s*\(|@import|javascript:|behavior\s*:|binding\s*:/i.test(attr.value))
          problems.push(`${where(el)} style="${attr.value.slice(0, 80)}"`);
      }
    }
    for (const el of Array.from(
      document.querySelectorAll('iframe, frame, frameset, object, embed, applet, base, meta[http-equiv], link[rel~="import"], portal'),
    ))
      problems.push(`a ${where(el)} element`);
    for (const el of Array.from(document.querySelectorAll('style'))) if (el.closest('body')) problems.push('a style element in the body');
    for (const el of Array.from(document.querySelectorAll('link[rel~="stylesheet"]')))
      if (!/^\/assets\//.test(el.getAttribute('href') ?? '')) problems.push(`a stylesheet from ${el.getAttribute('href')}`);
    for (const el of Array.from(document.querySelectorAll('script'))) {
      const type = el.getAttribute('type') ?? '';
      const src = el.getAttribute('src') ?? '';
      // The page's inline data: global page data, first queries, and the chunks start.ts preloads (issue #14).
      if (type === 'application/json' && ['__SITE_DATA__', '__PREFETCH__', '__CHUNKS__'].includes(el.id) && el.closest('head')) {
        try {
          JSON.parse(el.textContent ?? '');
        } catch {
          problems.push(`the ${el.id} block does not parse (broken out of?)`);
        }
      } else if (type === 'application/ld+json' && el.closest('head')) {
        // Structured data of public pages (issue #18): inert, but it must still be one JSON value that nothing broke out of.
        try {
          JSON.parse(el.textContent ?? '');
        } catch {
          problems.push('a JSON-LD block does not parse (broken out of?)');
        }
      } else if (!(type === 'module' && /^\/assets\/[\w.-]+\.js$/.test(src)))
        problems.push(`a script element: type="${type}" src="${src}" ${(el.textContent ?? '').slice(0, 80)}`);
    }
    for (const el of Array.from(document.querySelectorAll('svg script, svg a[href], svg set, svg animate, math [href]')))
      problems.push(`svg/math ${where(el)} element`);
    const share = Array.from(document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"], meta[name="description"]'));
    const seen = new Set<string>();
    for (const el of share) {
      const key = el.getAttribute('property') ?? el.getAttribute('name') ?? '';
      if (!el.closest('head')) problems.push(`${key} outside the head`);
      if (seen.has(key) && !key.startsWith('og:image')) problems.push(`${key} twice`);
      seen.add(key);
    }
    if (opts.titleContains !== undefined) {
      // As a browser shows a title: control characters dropped, white space collapsed.
      const text = (s: string) =>
        s
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a title drops.
          .replace(/[\u0000-\u0008\u000e-\u001f]/g, '')
          .replace(/\s+/g, ' ')
          .trim();
      const want = text(opts.titleContains);
      const og = document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '';
      const tw = document.querySelector('meta[name="twitter:title"]')?.getAttribute('content') ?? '';
      if (!text(og).includes(want)) problems.push(`og:title "${og.slice(0, 80)}" does not carry the stored title as text`);
      if (!text(tw).includes(want)) problems.push('twitter:title does not carry the stored title as text');
      if (!text(document.title).includes(want)) problems.push(`the title "${document.title.slice(0, 80)}" does not carry the stored title as text`);
    }
    return problems;
  }, options);
}
