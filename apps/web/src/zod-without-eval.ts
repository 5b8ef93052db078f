import type { Plugin } from 'vite';

/** zod's own core module, where its global settings live (`globalThis.__zod_globalConfig`). */
export const ZOD_CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

/**
 * The browser app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles its object parsers
 * with `new Function`, after a probe that, even caught, is reported as a CSP violation on every page (issue #15,
 * found by the stored-XSS corpus). Its global setting `jitless` skips both and parses the same. It must be set
 * before any schema is built, and schemas are built when their chunk loads, so the build puts it at the top of
 * zod's core module, for the browser only (the server renderer has no CSP and keeps the compiled parsers).
 */
export function zodWithoutEval(): Plugin {
  return {
    name: 'axoo-zod-without-eval',
    transform(code, id, options) {
      if (options?.ssr || !ZOD_CORE.test(id)) return null;
      return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
    },
  };
}
