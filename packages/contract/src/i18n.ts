export const LANGUAGES = ['ko', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ko';

/** A stored or interface language narrowed to one the product speaks: English when it says so, else Korean. */
export const asLang = (value: string | null | undefined): Lang => (value === 'en' ? 'en' : 'ko');

export type Catalogue = Record<string, { ko: string; en: string }>;

/** Picks the first supported language of an Accept-Language header; Korean by default. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'ko' || base === 'en') return base;
  }
  return DEFAULT_LANG;
}

/** Fills {name} placeholders. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The one localised-name picker: list items and categories carry both names, the interface shows one. */
export function localisedName(lang: Lang, item: { nameKo: string; nameEn: string }): string {
  return lang === 'en' ? item.nameEn : item.nameKo;
}

/**
 * A page's `<title>` (issue #21, WCAG 2.4.2): its heading, in the interface language, and the site's name; the
 * name alone on a page whose heading it is (home). The server titles the pages it renders with it from their
 * h1, and the browser after each navigation and language switch (web shell/document-title.ts).
 */
export function pageTitle(heading: string, siteName: string): string {
  const text = heading.replace(/\s+/g, ' ').trim();
  return !text || text === siteName ? siteName : `${text} | ${siteName}`;
}
