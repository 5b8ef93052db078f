import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps } from './early-taps.ts';
import { startHydrationWatch, watchHydration } from './hydration.ts';

// Issue #29.9: a tap on the server's markup before React owns it is held and given again; the language waits for it.

/** The root's fiber, and a part's: what React leaves on an element it hydrated links to them (`return`). */
const ROOT = { tag: 3, flags: 0, return: null, alternate: null };
const part = { tag: 13, flags: 0, return: ROOT, alternate: null };
/** What React leaves on an element it hydrated (the keys' suffix is random per copy of React). */
function own(el: Element, props: Record<string, unknown> = {}) {
  Object.assign(el, { __reactFiber$x1: { tag: 5, flags: 0, return: part, alternate: null }, __reactProps$x1: props });
}
const ownAll = (selector: string) => {
  for (const el of document.querySelectorAll(selector)) own(el);
};
/** The shell hydrated (the body's stored HTML counts as owned); the lazy part with the level button has not. */
function ownShell() {
  ownAll('header, header *, main, article, a, a *');
  own(document.getElementById('body') as Element, { dangerouslySetInnerHTML: { __html: '' } });
}

function serverPage() {
  document.body.innerHTML = `<div id="root"><header><button id="menu">메뉴</button></header>
    <link rel="preload" as="image" href="/media/a.jpg"><main><article><div id="body"><p>본문 <b>굵게</b></p></div><div id="lazy"><button id="level">3</button></div></article>
    <a href="/gallery/all/"><span role="button" id="in-link">갤러리</span></a></main></div>`;
}

/** Taps the element; says whether the tap was held (stopped before the page saw it, its default prevented). */
const tap = (id: string, init: MouseEventInit = {}) => {
  let reached = false;
  // The page's own listener: it sees a tap that was let through (and keeps jsdom from following a link).
  const page = (e: Event) => {
    reached = !e.defaultPrevented;
    e.preventDefault();
  };
  document.addEventListener('click', page);
  document.getElementById(id)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  document.removeEventListener('click', page);
  return { held: !reached };
};

afterEach(() => {
  part.flags = 0;
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** A server page under watch (fake timers): the watch, and whether it has settled yet. */
function watchServerPage() {
  vi.useFakeTimers();
  serverPage();
  const watch = watchHydration();
  let done = false;
  void watch.done.then(() => {
    done = true;
  });
  return { watch, settled: () => done };
}

describe('watchHydration', () => {
  it("settles once every element of the server's markup is React's, an inner-HTML body counting as owned", async () => {
    const { watch, settled } = watchServerPage();
    // The shell hydrates first; the lazy part is not React's yet.
    ownShell();
    await vi.advanceTimersByTimeAsync(500);
    expect(settled()).toBe(false);
    ownAll('#lazy, #lazy *');
    await vi.advanceTimersByTimeAsync(100);
    expect(settled()).toBe(true);
    expect(watch.served(document.getElementById('level') as Element)).toBe(true);
    expect(watch.served(document.createElement('button'))).toBe(false);
  });

  it('marks the document once the whole markup is React’s (data-hydrated), not before', async () => {
    vi.useFakeTimers();
    serverPage();
    document.documentElement.removeAttribute('data-hydrated');
    startHydrationWatch();
    ownShell();
    await vi.advanceTimersByTimeAsync(500);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);
    ownAll('#lazy, #lazy *');
    await vi.advanceTimersByTimeAsync(100);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    document.documentElement.removeAttribute('data-hydrated');
  });

  it('stops waiting for a part whose code never comes after a minute', async () => {
    const { settled } = watchServerPage();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(settled()).toBe(true);
  });
});

describe('holdEarlyTaps', () => {
  it("holds a tap on a control React does not own yet, then clicks it once it does (the lazy part's level button)", async () => {
    vi.useFakeTimers();
    serverPage();
    holdEarlyTaps(watchHydration());
    // The shell hydrated, then the level button is tapped: its lazy part has not.
    ownShell();
    const clicks = vi.fn();
    document.getElementById('level')?.addEventListener('click', clicks);
    expect(tap('level').held).toBe(true);
    expect(clicks).not.toHaveBeenCalled();
    expect(document.getElementById('level')?.hasAttribute('data-early-tap')).toBe(true);
    // A second tap while it waits is the same wish.
    tap('level');
    ownAll('#lazy, #lazy *');
    await vi.advanceTimersByTimeAsync(100);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(document.getElementById('level')?.hasAttribute('data-early-tap')).toBe(false);
  });

  it('holds a tap on a control React has hydrated but whose part is not on the page yet (a click then is dropped)', async () => {
    vi.useFakeTimers();
    serverPage();
    holdEarlyTaps(watchHydration());
    // React marks the part's elements while it hydrates them; the part commits later (its Hydrating flag cleared).
    part.flags = 0b1_0000_0000_0000;
    ownAll('#root *');
    const clicks = vi.fn();
    document.getElementById('level')?.addEventListener('click', clicks);
    expect(tap('level').held).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(clicks).not.toHaveBeenCalled();
    part.flags = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('leaves alone a control React owns, a control inside a link, and a tap with a modifier key', () => {
    // Fake timers: the held tap's wait (and the watch's) ends with the test, not a minute later in a torn-down page.
    vi.useFakeTimers();
    serverPage();
    holdEarlyTaps(watchHydration());
    ownAll('header, header *');
    expect(tap('menu').held).toBe(false);
    expect(tap('in-link').held).toBe(false);
    expect(tap('level', { ctrlKey: true }).held).toBe(false);
    expect(tap('level').held).toBe(true);
  });

  it('gives the tap only once the rest of the markup is React’s too (a part hydrated with changed data would not match)', async () => {
    vi.useFakeTimers();
    serverPage();
    holdEarlyTaps(watchHydration());
    ownAll('header, header *');
    const clicks = vi.fn();
    document.getElementById('level')?.addEventListener('click', clicks);
    tap('level');
    // The level button's part is React's; the page behind it (its list, which the tap would change) is not yet.
    ownAll('#lazy, #lazy *');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clicks).not.toHaveBeenCalled();
    expect(document.getElementById('level')?.hasAttribute('data-early-tap')).toBe(true);
    ownShell();
    await vi.advanceTimersByTimeAsync(200);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('clicks the control React drew anew where the held one stood', async () => {
    vi.useFakeTimers();
    serverPage();
    holdEarlyTaps(watchHydration());
    ownShell();
    tap('level');
    // The part did not match the server's markup: React replaced it.
    const lazy = document.getElementById('lazy') as Element;
    lazy.innerHTML = '<button id="level-new">3</button>';
    const fresh = document.getElementById('level-new') as HTMLElement;
    own(fresh);
    own(lazy);
    const clicks = vi.fn();
    fresh.addEventListener('click', clicks);
    await vi.advanceTimersByTimeAsync(200);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('holds nothing once the whole markup is React’s', async () => {
    vi.useFakeTimers();
    serverPage();
    const watch = watchHydration();
    holdEarlyTaps(watch);
    ownAll('#root *');
    await vi.advanceTimersByTimeAsync(100);
    await watch.done;
    // A control the server drew that React never owns (none should exist) is no longer held.
    delete (document.getElementById('level') as unknown as Record<string, unknown>).__reactProps$x1;
    expect(tap('level').held).toBe(false);
  });
});
