import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Lang = 'ko' | 'en';
export const LANGS: Lang[] = ['ko', 'en'];

/**
 * Translations live per area: `ko/<area>.json` and `en/<area>.json`; the file name is the namespace
 * (`t('gallery:empty')`). Strings fixed by SPEC.md are the Korean values of their keys.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./{ko,en}/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = { ko: {}, en: {} };
for (const [path, mod] of Object.entries(files)) {
  const [, lang, ns] = /\.\/(ko|en)\/(.+)\.json$/.exec(path) ?? [];
  if (lang && ns) resources[lang][ns] = mod.default;
}

function initialLanguage(): Lang {
  const cookie = typeof document !== 'undefined' ? /(?:^|; )lang=(ko|en)/.exec(document.cookie)?.[1] : undefined;
  if (cookie) return cookie as Lang;
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'ko';
  return nav?.toLowerCase().startsWith('en') ? 'en' : 'ko';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'ko',
  defaultNS: 'common',
  ns: Object.keys(resources.ko),
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
