import { SEARCH_MAX } from '@axoo/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styles from '../GalleryPage.module.css';

/**
 * The gallery's centred search (SPEC §2): one field that follows the URL's search and submits on Enter. A plain
 * controlled input: the page's first load carries no form library for it (issue #14).
 */
export function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('gallery');
  const [term, setTerm] = useState(search);
  // The URL's search changed (a link, the back button): the field shows it.
  const [followed, setFollowed] = useState(search);
  if (followed !== search) {
    setFollowed(search);
    setTerm(search);
  }
  // Arriving with `focusSearch` (the mobile menu's Search): the field takes the focus.
  const field = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const focusSearch = (location.state as { focusSearch?: boolean } | null)?.focusSearch === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (location.key) focuses once.
  useEffect(() => {
    if (focusSearch) field.current?.focus();
  }, [location.key]);
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(term.trim());
      }}
    >
      <input
        ref={field}
        type="search"
        name="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchLabel')}
        enterKeyHint="search"
        maxLength={SEARCH_MAX}
      />
    </form>
  );
}
