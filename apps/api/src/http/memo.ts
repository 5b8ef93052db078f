/** Promises kept by key with the time they were made. */
export type Memo<T> = Map<string, { at: number; value: Promise<T> }>;
const MAX_ENTRIES = 1_000;

/**
 * The promise made for `key` less than `ttlMs` ago, else a new one from `make` (so concurrent
 * callers share one piece of work). A rejected promise is dropped: the next call tries afresh.
 */
export function remember<T>(memo: Memo<T>, key: string, ttlMs: number, make: () => Promise<T>, maxEntries = MAX_ENTRIES): Promise<T> {
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value;
  const value = make();
  if (memo.size >= maxEntries) memo.clear();
  memo.set(key, { at: Date.now(), value });
  value.catch(() => memo.delete(key));
  return value;
}
