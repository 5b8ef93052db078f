/**
 * When React owns all of the server's markup (issue #29.9). Hydration comes in parts: the page's first commit owns the
 * shell, and each lazy part (the route's page, the overlay's staff buttons) is hydrated after its code arrives. Until
 * then a part is the server's markup with nothing behind it: a tap there is lost, and a change of what it shows (the
 * interface language) makes the part, when it hydrates, differ from the server's text (React error 418).
 *
 * React marks each element it hydrates (`__reactFiber$…`, `__reactProps$…`); the markup under an element whose HTML
 * the app sets itself (`dangerouslySetInnerHTML`, an artwork's body) is never hydrated and counts as owned, and so
 * are the resource tags React writes into the markup and hoists instead of hydrating (an image's `<link rel=preload>`).
 */
const HOISTED = new Set(['LINK', 'META', 'TITLE', 'STYLE', 'SCRIPT', 'NOSCRIPT', 'TEMPLATE']);
const FIBER = '__reactFiber';
const PROPS = '__reactProps';
/**
 * A part that has not hydrated by then never will (its code failed to load): stop waiting for it. Generous: a slow
 * phone hydrates a whole page in seconds, but a held tap given late is still better than a tap lost.
 */
export const HYDRATION_WAIT_MS = 60_000;
const POLL_MS = 50;

/**
 * React's two keys on the elements it owns: the same random suffix for both, for the whole page. Found once on the first
 * owned element, then read directly: the watch looks at every element of the page every 50 ms while it hydrates.
 */
let keys: { fiber: string; props: string } | undefined;
function reactKeys(el: Element): typeof keys {
  if (keys) return keys;
  const fiber = Object.keys(el).find((k) => k.startsWith(FIBER));
  if (fiber) keys = { fiber, props: PROPS + fiber.slice(FIBER.length) };
  return keys;
}
const field = <T>(el: Element, key: string | undefined) => (key ? ((el as unknown as Record<string, T | undefined>)[key] ?? undefined) : undefined);
const fiberOf = (el: Element) => field<Fiber>(el, reactKeys(el)?.fiber);
const propsOf = (el: Element) => field<Record<string, unknown>>(el, reactKeys(el)?.props);

interface Fiber {
  tag: number;
  flags: number;
  return: Fiber | null;
  alternate: Fiber | null;
}
/** React's fiber flags for work not on the page yet: Placement, and Hydrating (cleared when the part commits). */
const NOT_YET_MOUNTED = 0b10 | 0b1_0000_0000_0000;
const HOST_ROOT = 3;

/**
 * Whether React has hydrated this element and committed its part (its handlers are live). React marks an element
 * while it hydrates it, before the part is on the page: a click then finds no mounted component and is dropped. The
 * test is React's own (`getNearestMountedFiber`): no fiber up to the root is still being placed or hydrated.
 */
export function ownedByReact(el: Element): boolean {
  let node = fiberOf(el);
  if (!node || !propsOf(el)) return false;
  // Fibers never committed have no alternate yet: none of them may still be being placed or hydrated.
  for (let next: Fiber | null = node; next && !next.alternate; next = next.return) {
    node = next;
    if (node.flags & NOT_YET_MOUNTED) return false;
  }
  while (node.return) node = node.return;
  return node.tag === HOST_ROOT;
}

/** Whether an element of the server's markup is still waiting for its part to hydrate. */
function waiting(el: Element, root: Element): boolean {
  if (!el.isConnected || ownedByReact(el)) return false;
  for (let up = el.parentElement; up && up !== root.parentElement; up = up.parentElement) {
    if (fiberOf(up)) return !propsOf(up)?.dangerouslySetInnerHTML;
  }
  return true;
}

export interface Hydration {
  /** Whether an element was in the server's markup (React did not draw it). */
  served(el: Element): boolean;
  /** Settles once every part of the server's markup is React's (or after HYDRATION_WAIT_MS). */
  done: Promise<void>;
}

/** Notes the server's markup under `#root` now, before any of the app's code runs; call it once, first. */
export function watchHydration(doc: Document = document): Hydration {
  const root = doc.getElementById('root');
  const markup = root ? Array.from(root.querySelectorAll('*')).filter((el) => !HOISTED.has(el.tagName)) : [];
  const served = new WeakSet(markup);
  const done = new Promise<void>((resolve) => {
    if (!root || markup.length === 0) return resolve();
    const since = performance.now();
    let pending = markup;
    const check = () => {
      pending = pending.filter((el) => waiting(el, root));
      if (pending.length === 0 || performance.now() - since > HYDRATION_WAIT_MS) resolve();
      else setTimeout(check, POLL_MS);
    };
    setTimeout(check, POLL_MS);
  });
  return { served: (el) => served.has(el), done };
}

let current: Hydration = { served: () => false, done: Promise.resolve() };

/**
 * The page's one watch (main.tsx starts it); pages the browser drew itself have nothing to wait for. Once the markup
 * is all React's, `<html data-hydrated>` says so (the journeys wait for it where a step needs the app, not the links
 * that work without it).
 */
export function startHydrationWatch(doc: Document = document): Hydration {
  current = watchHydration(doc);
  void current.done.then(() => doc.documentElement.setAttribute('data-hydrated', ''));
  return current;
}

/** Settles once the server's markup is all React's (at once on a page the browser drew). */
export const hydrated = (): Promise<void> => current.done;
