import { lazy } from 'react';

const loading = new Set<Promise<unknown>>();

/**
 * `React.lazy` that remembers its chunk while it loads, so the server renderer can wait for exactly
 * the chunks a page asked for (entry-server.tsx) rather than guess how long they take.
 */
export const lazyComponent: typeof lazy = (load) =>
  lazy(() => {
    const chunk = load();
    loading.add(chunk);
    const done = () => loading.delete(chunk);
    chunk.then(done, done);
    return chunk;
  });

/** Settles when every chunk loading now has arrived (or failed); null when none is loading. */
export function chunksLoading(): Promise<unknown> | null {
  return loading.size ? Promise.allSettled(loading) : null;
}
