import type { SearchSuggestions } from '@axoo/contract';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSuggestions } from '../api/search.ts';
import { recentSearches, rememberSearch } from './recent-searches.ts';

/** One row of the search box's list: a recent search, an artist (opens the profile), a tag or a title (searches). */
export interface SearchOption {
  group: 'recent' | 'artists' | 'tags' | 'titles';
  key: string;
  label: string;
  /** What choosing it searches for; an artist's profile slug for `artists`. */
  value: string;
}

const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function optionsOf(term: string, data: SearchSuggestions | undefined, recent: string[]): SearchOption[] {
  if (!term) return recent.map((r) => ({ group: 'recent', key: `r${r}`, label: r, value: r }));
  if (!data) return [];
  return [
    ...data.artists.map((a): SearchOption => ({ group: 'artists', key: `a${a.id}`, label: a.name, value: a.slug })),
    ...data.tags.map((tag): SearchOption => ({ group: 'tags', key: `t${tag.name}`, label: `#${tag.name}`, value: tag.name })),
    ...data.titles.map((title): SearchOption => ({ group: 'titles', key: `w${title.id}`, label: title.title, value: title.title })),
  ];
}

/**
 * Issue #30.6: the gallery's search box as a WAI-ARIA APG combobox with a list popup: suggestions drop down as
 * someone types (debounced; a stale term's request is aborted), arrows move, Enter chooses or searches, Escape
 * closes (a second Escape clears); with an empty field, the recent searches of this browser.
 */
export function useSearchBox(term: string, setTerm: (term: string) => void, onSearch: (term: string) => void) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const typed = useDebounced(term.trim(), DEBOUNCE_MS);
  const suggestions = useSuggestions(open ? typed : '');
  const options = useMemo(() => optionsOf(typed, suggestions.data, recent), [typed, suggestions.data, recent]);
  // A new list: nothing is active until an arrow key says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options changing is the reason.
  useEffect(() => setActive(-1), [options]);

  const search = (value: string) => {
    rememberSearch(value);
    setOpen(false);
    onSearch(value);
  };
  const choose = (option: SearchOption) => {
    setOpen(false);
    if (option.group === 'artists') {
      void navigate(`/${option.value}/`);
      return;
    }
    setTerm(option.value);
    search(option.value);
  };
  const show = () => {
    setRecent(recentSearches());
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) show();
      if (!options.length) return;
      // -1 is the field itself: the arrows cycle through it, as the APG example does.
      const last = options.length - 1;
      if (e.key === 'ArrowDown') setActive((i) => (i >= last ? -1 : i + 1));
      else setActive((i) => (i <= -1 ? last : i - 1));
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) setOpen(false);
      else setTerm('');
    }
  };
  return { open: open && options.length > 0, options, active, onKeyDown, choose, search, show, hide: () => setOpen(false) };
}
