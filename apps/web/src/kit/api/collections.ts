import { useSyncExternalStore } from 'react';
import { api } from '../../api/client.ts';

/**
 * The viewer's collection entry per artwork after a collect or uncollect in this page's life, so
 * every card and the overlay showing the same artwork agree without refetching their lists.
 */
const overrides = new Map<number, number | null>();
const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version++;
  for (const l of listeners) l();
}

export const collectionStore = {
  get: (artworkId: number) => overrides.get(artworkId),
  set(artworkId: number, entry: number | null) {
    overrides.set(artworkId, entry);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The entry id of the viewer's collection for an artwork: the latest local change, else what the server said. */
export function useCollection(artworkId: number, fromServer: number | null): number | null {
  const snapshot = () => version;
  useSyncExternalStore(collectionStore.subscribe, snapshot, snapshot);
  const local = overrides.get(artworkId);
  return local === undefined ? fromServer : local;
}

/** POST /api/v1/collections/ (SPEC §7): returns the entry id. */
export const collect = (artwork: number) => api<{ id: number; artwork: number }>('/api/v1/collections/', { body: { artwork } });
/** DELETE /api/v1/collections/{id}/. */
export const uncollect = (id: number) => api<void>(`/api/v1/collections/${id}/`, { method: 'DELETE' });

/** A guest's collect waits over the login round trip (SPEC §4: collect happens on return). */
const INTENT = 'collect-intent';
export const collectIntent = {
  save: (artworkId: number) => sessionStorage.setItem(INTENT, String(artworkId)),
  take(artworkId: number): boolean {
    if (sessionStorage.getItem(INTENT) !== String(artworkId)) return false;
    sessionStorage.removeItem(INTENT);
    return true;
  },
};
