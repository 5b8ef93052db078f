/** DRF LimitOffsetPagination answer (SPEC §3 "Paged lists"). */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** SPEC §7: offset = (page - 1) * limit; pages = count / limit rounded up. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
export const pageCount = (count: number, limit: number) => Math.ceil(count / limit);

/** The offset of the next page from a `next` link, for infinite queries. */
export function nextOffset(page: Paged<unknown>): number | undefined {
  if (!page.next) return undefined;
  // Only the query matters; the base resolves a relative link (and works where there is no window).
  const offset = new URL(page.next, 'http://localhost').searchParams.get('offset');
  return offset ? Number(offset) : undefined;
}
