import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Lang = 'ko' | 'en';
export const LANGS: Lang[] = ['ko', 'en'];

/**
 * Translations live per area: `ko/<area>.json` and `en/<area>.json`; the file name is the namespace
 * (`t('gallery:empty')`). Strings fixed by SPEC.md are the Korean values of their keys.
 * Each language is one lazily loaded chunk, so the first page carries only its own language.
 */
const NAMESPACES = Object.keys(import.meta.glob('./ko/*.json')).map((p) => p.slice('./ko/'.length, -'.json'.length));
const bundles: Record<Lang, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  ko: () => import('./bundle-ko.ts'),
  en: () => import('./bundle-en.ts'),
};

const lazyBundles = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data: Record<string, unknown> | null) => void) {
    const load = bundles[lang as Lang];
    if (!load) return done(null, {});
    load().then(
      (m) => done(null, m.default[ns] ?? {}),
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
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // Both languages hold every key; loading the other one as a fallback would double the download.
    fallbackLng: false,
    supportedLngs: LANGS,
    defaultNS: 'common',
    ns: NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The visible language switch: persists in a cookie the server reads too (one year). */
export function setLanguage(lang: Lang) {
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

export default i18n;
