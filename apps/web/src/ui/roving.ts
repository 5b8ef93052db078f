import type { FocusEvent, KeyboardEvent } from 'react';

/**
 * Roving tabindex (WAI-ARIA toolbar and listbox patterns, issue #21): a group of controls is one Tab stop. The
 * focused item is the only one in the Tab order; the arrow keys (Left/Right across, Up/Down down a list) and
 * Home/End move between the items matching `items`. Spread `roving(...)` on the group's element.
 */
export function rove(group: HTMLElement, items: string, focused: EventTarget | null) {
  const all = [...group.querySelectorAll<HTMLElement>(items)];
  if (!all.some((item) => item === focused)) return;
  for (const item of all) item.tabIndex = item === focused ? 0 : -1;
}

/** The item `key` moves to from the focused one (no wrapping), or null when the key is not a move. */
export function nextItem(group: HTMLElement, items: string, key: string, orientation: 'horizontal' | 'vertical'): HTMLElement | null {
  const all = [...group.querySelectorAll<HTMLElement>(items)];
  if (!all.length) return null;
  const at = all.indexOf(document.activeElement as HTMLElement);
  const [back, forth] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key === forth) return all[at < 0 ? 0 : Math.min(at + 1, all.length - 1)];
  if (key === back) return all[at < 0 ? all.length - 1 : Math.max(at - 1, 0)];
  if (key === 'Home') return all[0];
  if (key === 'End') return all[all.length - 1];
  return null;
}

export function roving(items: string, orientation: 'horizontal' | 'vertical' = 'horizontal') {
  return {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      // A text field in the group keeps its own arrow keys.
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = nextItem(event.currentTarget, items, event.key, orientation);
      if (!next) return;
      event.preventDefault();
      next.focus();
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      rove(event.currentTarget, items, event.target);
    },
  };
}
