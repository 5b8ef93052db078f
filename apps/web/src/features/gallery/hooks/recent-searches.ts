/** Issue #30.6: the last searches, kept in this browser only (never sent), newest first. */
const KEY = 'axoo.recent-searches';
const KEPT = 5;

export function recentSearches(): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string').slice(0, KEPT) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(term: string) {
  if (!term) return;
  try {
    window.localStorage.setItem(KEY, JSON.stringify([term, ...recentSearches().filter((s) => s !== term)].slice(0, KEPT)));
  } catch {
    // Storage refused (private mode, full): the search still runs, unremembered.
  }
}
