import { useSyncExternalStore } from 'react';
import { useSite } from '../site.ts';

/**
 * The page's clock (issue #21: server and client render the same markup). Anything that depends on the time
 * (a countdown, a "last 3 months" filter) reads it here, never `Date.now()` in a render:
 * - the server renders with the moment its page data was made (`SiteData.now`), and the browser hydrates with
 *   that same moment, so the first client render equals the server's HTML whatever the reader's clock says;
 * - right after hydration (and on pages rendered in the browser) it is the browser's clock, ticking every
 *   30 seconds while something shows it.
 */
const TICK_MS = 30_000;
let current = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * Stable within a render (React reads it several times); fresh when nothing has kept it ticking, or when the
 * ticks fell behind (a background tab's timers are throttled; the system clock was set back).
 */
function snapshot() {
  const drift = Math.abs(Date.now() - current);
  if (drift > (listeners.size === 0 ? 1000 : TICK_MS + 1000)) current = Date.now();
  return current;
}

/** The moment the server made the page data (milliseconds); the browser's clock when the data carries none. */
export function servedAt(site: { now?: string } | undefined): number {
  const at = site?.now ? Date.parse(site.now) : Number.NaN;
  return Number.isNaN(at) ? snapshot() : at;
}

/**
 * What `select` makes of now (milliseconds): the server's moment while hydrating (and on the server), then the
 * browser's clock. The component renders again only when the selected value changes (a day, a minute), so a
 * value that changes rarely costs nothing between ticks; `select` must return a primitive.
 */
export function useClock<T extends string | number | null | undefined>(select: (now: number) => T): T {
  const served = servedAt(useSite());
  return useSyncExternalStore(
    subscribe,
    () => select(snapshot()),
    () => select(served),
  );
}

/** Now, to the minute (what a countdown shows). */
export const useNow = () => useClock((now) => Math.floor(now / 60_000) * 60_000);
