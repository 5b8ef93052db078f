import type { KeyboardEvent } from 'react';

/**
 * Arrow keys in a tablist (WAI-ARIA tabs pattern, issue #21): Left/Right (and Home/End) move to the previous,
 * next, first or last tab, focus it and select it. `names` are the tabs in order; `select` switches.
 */
export function tabKeys<T extends string>(names: readonly T[], current: T, select: (name: T) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const at = names.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % names.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + names.length) % names.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? names.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    select(names[next]);
    const tabs = event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]');
    tabs[next]?.focus();
  };
}

/** The ids that tie a tab to its panel. */
export const tabIds = (base: string, name: string) => ({ tab: `${base}-tab-${name}`, panel: `${base}-panel-${name}` });
