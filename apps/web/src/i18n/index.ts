import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { hydrated } from '../hydration.ts';

type Lang = 'ko' | 'en';
export const LANGS: Lang[] = ['ko', 'en'];

/**
 * Translations live per area: `ko/<area>.json` and `en/<area>.json`; the file name is the namespace
 * (`t('gallery:empty')`). Strings fixed by SPEC.md are the Korean values of their keys.
 * The public pages' namespaces (`<lang>/*.json`) are one chunk per language, loaded before the first
 * render; the others (`<lang>/on-demand/*.json`: about, accounts, console, invites, upload) are a chunk
 * each, loaded when a page first asks for them (react-i18next suspends that page until then).
 */
const namespaceOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const onDemand: Record<Lang, Record<string, () => Promise<unknown>>> = {
  ko: import.meta.glob('./ko/on-demand/*.json', { import: 'default' }),
  en: import.meta.glob('./en/on-demand/*.json', { import: 'default' }),
};
const FIRST = Object.keys(import.meta.glob('./ko/*.json')).map(namespaceOf);
export const NAMESPACES = [...FIRST, ...Object.keys(onDemand.ko).map(namespaceOf)];
const bundles: Record<Lang, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  ko: () => import('./bundle-ko.ts'),
  en: () => import('./bundle-en.ts'),
};

/** i18next backend reading both: the language's first bundle, else the namespace's own chunk. */
export const translationsBackend = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data: Record<string, unknown> | null) => void) {
    if (!(lang in bundles)) return done(null, {});
    const own = onDemand[lang as Lang][`./${lang}/on-demand/${ns}.json`];
    const load = own ? own() : bundles[lang as Lang]().then((m) => m.default[ns] ?? {});
    load.then(
      (data) => done(null, data as Record<string, unknown>),
      (err) => done(err, null),
    );
  },
};

function initialLanguage(): Lang {
  // A page the server rendered is in the language it chose (lang cookie, else Accept-Language);
  // hydrating it in another would replace every word.
  const served = typeof document !== 'undefined' && document.getElementById('__SITE_DATA__') ? document.documentElement.lang : '';
  if (served === 'ko' || served === 'en') return served;
  const cookie = typeof document !== 'undefined' ? /(?:^|; )lang=(ko|en)/.exec(document.cookie)?.[1] : undefined;
  if (cookie) return cookie as Lang;
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'ko';
  return nav?.toLowerCase().startsWith('en') ? 'en' : 'ko';
}

/** Resolves once the interface language is loaded; the app renders after it. */
export const i18nReady = i18n
  .use(translationsBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // Both languages hold every key; loading the other one as a fallback would double the download.
    fallbackLng: false,
    supportedLngs: LANGS,
    defaultNS: 'common',
    ns: FIRST,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * The visible language switch: persists in a cookie the server reads too (one year). A part of the server's page
 * not hydrated yet (a lazy page still loading its code) would hydrate in the new language over the server's words
 * (React error 418): the words change once the whole page is React's (hydration.ts).
 */
export async function setLanguage(lang: Lang) {
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  await hydrated();
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export default i18n;
