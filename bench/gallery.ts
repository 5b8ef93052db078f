import { type Row, scenario } from './harness.ts';

/**
 * Issue #5 gallery budgets, measured side by side on the same server and data:
 * - page 1 (limit 24, no filter) throughput ≥ 12 % of bare node:http answering the same bytes;
 * - p99 of page 50 ≤ 2 × p99 of page 1, for both orderings, with and without a category;
 * - search with a 3+ character term: p95 ≤ 3 × p95 of unfiltered page 1 (shorter terms use indexes too);
 * - artwork detail throughput ≥ 1.5 × the list's.
 * Prints one verdict line per budget after the rows.
 */
interface Page {
  count: number;
  results: { id: number; title: string; categories: { category: string }[]; tags: { name: string }[] }[];
}

const verdicts: string[] = [];
function budget(name: string, value: number, limit: number, better: 'below' | 'above', unit = '') {
  const ok = better === 'below' ? value <= limit : value >= limit;
  verdicts.push(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value.toFixed(2)}${unit} (budget ${better === 'below' ? '≤' : '≥'} ${limit}${unit})`);
}

/** A 3+ character term that exists: a word of a generated title (or its first three characters). */
function searchTerm(page: Page): string {
  for (const a of page.results) {
    const word = a.title.split(/\s+/).find((w) => [...w].length >= 3);
    if (word) return word;
  }
  return [...page.results[0].title].slice(0, 3).join('');
}

scenario('gallery', async ({ baseUrl, compare }) => {
  const list = (query: string) => `${baseUrl}/api/v1/artworks/?limit=24${query}`;
  const first: Page = await (await fetch(list(''))).json();
  if (first.count < 24 * 50) console.log(`  note: only ${first.count} visible artworks; page 50 may be short or empty`);
  const category = first.results.flatMap((a) => a.categories.map((c) => c.category))[0] ?? 'painting';

  const page1 = await compare('artworks page 1', list(''));
  budget('page 1 throughput vs bare node:http', (page1.app.rps / page1.bare.rps) * 100, 12, 'above', ' %');

  for (const ordering of ['-created', '-hit']) {
    for (const cat of ['', category]) {
      const filter = `&ordering=${ordering}${cat ? `&categories__category=${cat}` : ''}`;
      const label = `${ordering}${cat ? `, ${cat}` : ''}`;
      const p1: Row = ordering === '-created' && !cat ? page1 : await compare(`artworks page 1 (${label})`, list(filter));
      const p50 = await compare(`artworks page 50 (${label})`, list(`${filter}&offset=${24 * 49}`));
      budget(`p99 page 50 / page 1 (${label})`, p50.app.p99 / Math.max(p1.app.p99, 0.1), 2, 'below', '×');
    }
  }

  const term = searchTerm(first);
  const search = await compare(`search "${term}"`, list(`&search=${encodeURIComponent(term)}`));
  budget(`search "${term}" p95 / page 1 p95`, search.app.p95 / Math.max(page1.app.p95, 0.1), 3, 'below', '×');
  const tag = first.results.flatMap((a) => a.tags.map((t) => t.name))[0];
  if (tag) await compare(`search tag "${tag}"`, list(`&search=${encodeURIComponent(tag)}`));
  const short = [...term].slice(0, 2).join('');
  await compare(`search 2 characters "${short}"`, list(`&search=${encodeURIComponent(short)}`));

  const detail = await compare('artwork detail', `${baseUrl}/api/v1/artworks/${first.results[0].id}/`);
  budget('detail throughput / list throughput', detail.app.rps / page1.app.rps, 1.5, 'above', '×');

  console.log('gallery budgets (issue #5):');
  for (const v of verdicts.splice(0)) console.log(`  ${v}`);
});
