import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Issue #30.7 "cold is fast": sequential requests, each asking what no earlier request asked (a term, a colour, a
 * page, an artwork), so no answer, match set or ranking cache helps. Terms are drawn from the data's titles.
 */
export interface Spread {
  p50: number;
  p99: number;
}

async function timings(urls: string[], init: RequestInit): Promise<Spread> {
  const ms: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)] ?? 0, p99: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? 0 };
}

const HANGUL = /^\p{Script=Hangul}+$/u;
const LATIN = /^[a-z]+$/i;

/** Distinct terms of `length` characters of one script, cut from the titles at every place, spread over titles. */
function termsOf(titles: string[], length: number, script: RegExp, count: number, used: Set<string>): string[] {
  const found: string[] = [];
  for (let at = 0; at < 12 && found.length < count; at++) {
    for (const title of titles) {
      const term = [...title.toLowerCase()].slice(at, at + length).join('');
      if ([...term].length !== length || !script.test(term) || used.has(term)) continue;
      used.add(term);
      found.push(term);
      if (found.length === count) break;
    }
  }
  return found;
}

/** Both figures of a ratio, in milliseconds. */
const ms = (a: number, b: number) => `${a.toFixed(1)} ms / ${b.toFixed(1)} ms`;

const hex = (n: number) => n.toString(16).padStart(6, '0');

/** The cold rows: each figure against a member's category page (distinct pages) or artwork detail (distinct ids). */
export async function coldRows(
  app: FastifyInstance,
  baseUrl: string,
  member: RequestInit,
  category: string,
  budget: (name: string, value: number, limit: number) => void,
) {
  const sample = await app.db.execute(sql`select id, title from artworks where visible and id % 53 = 7 limit 3000`);
  const rows = ('rows' in sample ? sample.rows : sample) as { id: number; title: string }[];
  const titles = rows.map((r) => r.title);
  const list = (query: string) => `${baseUrl}/api/v1/artworks/?limit=24${query}`;
  const categoryPages = await timings(
    Array.from({ length: 40 }, (_, i) => list(`&categories__category=${category}&offset=${24 * (i + 60)}`)),
    member,
  );
  const used = new Set<string>();
  const kinds: [string, number, RegExp, number][] = [
    ['1 Hangul character', 1, HANGUL, 40],
    ['2 Hangul characters', 2, HANGUL, 40],
    ['3+ Hangul characters', 3, HANGUL, 40],
    ['1 Latin letter', 1, LATIN, 20],
    ['2 Latin letters', 2, LATIN, 40],
    ['3+ Latin letters', 4, LATIN, 40],
  ];
  for (const [label, length, script, count] of kinds) {
    const terms = termsOf(titles, length, script, count, used);
    if (terms.length < 10) continue;
    const spread = await timings(
      terms.map((t) => list(`&search=${encodeURIComponent(t)}`)),
      member,
    );
    budget(
      `cold search, ${label} p50 / category page p50 (member, ${terms.length} terms, ${ms(spread.p50, categoryPages.p50)})`,
      spread.p50 / categoryPages.p50,
      3,
    );
    budget(`cold search, ${label} p99 / category page p99 (member, ${ms(spread.p99, categoryPages.p99)})`, spread.p99 / categoryPages.p99, 3);
  }
  const details = await timings(
    rows.slice(0, 40).map((r) => `${baseUrl}/api/v1/artworks/${r.id}/`),
    member,
  );
  const suggestTerms = termsOf(titles, 2, HANGUL, 40, new Set());
  if (suggestTerms.length < 10) throw new Error('cold rows: too few two-syllable terms in the sample for suggestions');
  const suggest = await timings(
    suggestTerms.map((t) => `${baseUrl}/api/v1/search/suggest/?q=${encodeURIComponent(t)}`),
    member,
  );
  budget(`cold suggestions p50 / artwork detail p50 (member, ${ms(suggest.p50, details.p50)})`, suggest.p50 / details.p50, 1);
  const colours = Array.from({ length: 40 }, (_, i) => list(`&palette=%23${hex((i * 2_654_435 + 0x123456) % 0xffffff)}`));
  const palette = await timings(colours, member);
  budget(`cold palette search p50 / category page p50 (member, ${ms(palette.p50, categoryPages.p50)})`, palette.p50 / categoryPages.p50, 3);
  budget(`cold palette search p99 / category page p99 (member, ${ms(palette.p99, categoryPages.p99)})`, palette.p99 / categoryPages.p99, 3);
  return { categoryPages, details };
}
