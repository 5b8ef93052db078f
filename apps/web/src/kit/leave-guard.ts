import { useEffect, useRef, useState } from 'react';
import { parsePath, type To } from 'react-router';

/** Where an in-app navigation goes: its pathname and the state it carries. */
export interface NextPlace {
  pathname: string;
  state: unknown;
}

/** What a guarded screen is told: whether a navigation waits for the person's answer, and how to answer. */
export interface LeaveBlocker {
  state: 'blocked' | 'unblocked';
  /** Goes where the held navigation was going. */
  proceed?: () => void;
  /** Stays on the page. */
  reset?: () => void;
}

interface Guard {
  blocks: (next: NextPlace) => boolean;
  hold: (retry: () => void) => void;
}

interface Update {
  action: string;
  location: { pathname: string; state: unknown };
  delta: number | null;
}

/** The navigator methods the guard wraps (the browser's history in the app, a memory history in tests). */
export interface GuardableHistory {
  readonly location: { pathname: string; state: unknown };
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (update: Update) => void): () => void;
}

/** The one screen that may hold navigations now (one page is on screen at a time). */
let guard: Guard | null = null;

const placeOf = (history: GuardableHistory, to: To, state: unknown): NextPlace => {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname ?? history.location.pathname, state };
};

/**
 * Makes `history` ask the current guard before it moves: links, `navigate()`, and the browser's back and forward
 * (which it steps back until the person answers). The app's router is built on it (App.tsx): what the data
 * router's `useBlocker` did, without the data router's code on every page (issue #29.7).
 */
export function guardHistory<H extends GuardableHistory>(history: H): H {
  const push = history.push.bind(history);
  const replace = history.replace.bind(history);
  const listen = history.listen.bind(history);
  history.push = (to, state) => {
    if (guard?.blocks(placeOf(history, to, state))) guard.hold(() => push(to, state));
    else push(to, state);
  };
  history.replace = (to, state) => {
    if (guard?.blocks(placeOf(history, to, state))) guard.hold(() => replace(to, state));
    else replace(to, state);
  };
  // The browser's own step back that undoes a held back/forward, and the step the person then agreed to.
  let undoing = false;
  let agreed = false;
  history.listen = (listener) =>
    listen((update) => {
      if (update.action === 'POP' && undoing) {
        undoing = false;
        return;
      }
      const { delta } = update;
      if (update.action === 'POP' && !agreed && delta && guard?.blocks(update.location)) {
        // The address already changed: go back to where the page is, and forward again if the person leaves.
        undoing = true;
        history.go(-delta);
        guard.hold(() => {
          agreed = true;
          history.go(delta);
        });
        return;
      }
      if (update.action === 'POP') agreed = false;
      listener(update);
    });
  return history;
}

/**
 * SPEC §8: holds every navigation for which `blocks` is true until `proceed` or `reset` is called, while the
 * calling screen is mounted. A navigation carrying `{ force: true }` in its state always passes.
 */
export function useLeaveBlocker(blocks: (next: NextPlace) => boolean): LeaveBlocker {
  const [held, setHeld] = useState<(() => void) | null>(null);
  const latest = useRef(blocks);
  latest.current = blocks;
  useEffect(() => {
    const mine: Guard = {
      blocks: (next) => !(next.state as { force?: boolean } | null)?.force && latest.current(next),
      hold: (retry) => setHeld(() => retry),
    };
    guard = mine;
    return () => {
      if (guard === mine) guard = null;
    };
  }, []);
  if (!held) return { state: 'unblocked' };
  return {
    state: 'blocked',
    proceed: () => {
      setHeld(null);
      held();
    },
    reset: () => setHeld(null),
  };
}
