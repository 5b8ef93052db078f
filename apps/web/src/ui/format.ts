/**
 * Dates in the interface language with Intl (issue #21, SPEC §9). One time zone for everyone, the product's
 * own: the server renders a page and the browser hydrates it with the same text whatever zone either is in
 * (a date formatted in the reader's zone differs from the server's around midnight: React error #418).
 */
export const PRODUCT_TIME_ZONE = 'Asia/Seoul';
/** Its offset from UTC (Korea keeps no daylight saving time). */
export const PRODUCT_UTC_OFFSET = '+09:00';

/** The calendar day of a moment in the product's time zone, as YYYY-MM-DD. */
export function productDay(at: Date | number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PRODUCT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const locales = { ko: 'ko-KR', en: 'en-US' } as const;
export const localeOf = (lang: string) => (lang === 'en' ? locales.en : locales.ko);

export function formatDate(iso: string | Date, lang: string, style: 'medium' | 'long' = 'long'): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: style, timeZone: PRODUCT_TIME_ZONE }).format(new Date(iso));
}

export function formatDateTime(iso: string | Date, lang: string): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: PRODUCT_TIME_ZONE }).format(new Date(iso));
}

export function formatNumber(value: number, lang: string): string {
  return new Intl.NumberFormat(localeOf(lang)).format(value);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago" / "3일 전": `now` is passed in (computed once for the page), never read here. */
export function formatRelative(iso: string | Date, now: number, lang: string): string {
  const diff = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  return format.format(0, 'minute');
}

/** Gives every `<img>` of stored HTML that has no alt attribute a fallback text (WCAG 1.1.1); pure, so SSR and hydration agree. */
export function withImageAlts(html: string, fallback: (index: number) => string): string {
  let index = 0;
  return html.replace(/<img\b([^>]*)>/gi, (tag, attributes: string) => {
    index += 1;
    if (/\salt\s*=/i.test(attributes)) return tag;
    const text = fallback(index).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
    return `<img alt="${text}"${attributes}>`;
  });
}
