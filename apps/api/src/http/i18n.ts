import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Lang, pickLang, translate } from '@axoo/contract';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    t(key: string, params?: Record<string, string | number>): string;
  }
}

/**
 * A request's language: a page's language version (`?lang=`, the hreflang alternates of issue #18) wins; then the
 * interface's language switch (a `lang` cookie); then the browser's list. Korean by default.
 */
export function requestLang(url: string, headers: { cookie?: string; 'accept-language'?: string }): Lang {
  const linked = /[?&]lang=(ko|en)(?:&|#|$)/.exec(url)?.[1] as Lang | undefined;
  const chosen = linked ?? (/(?:^|;\s*)lang=(ko|en)(?:;|$)/.exec(headers.cookie ?? '')?.[1] as Lang | undefined);
  return chosen ?? pickLang(headers['accept-language']);
}

/** Named plugin `i18n`: the request's language from `?lang=`, the `lang` cookie or Accept-Language (Korean by default). */
export const i18nPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'ko');
    app.decorateRequest('t', function (this: { lang: Lang }, key: string, params?: Record<string, string | number>) {
      return translate(this.lang, key, params);
    });
    app.addHook('onRequest', async (request) => {
      request.lang = requestLang(request.url, request.headers);
    });
  },
  { name: 'i18n' },
);
