import { SEARCH_MAX } from '@axoo/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styles from '../GalleryPage.module.css';

/** The gallery's centred search (SPEC §2): a react-hook-form form that follows the URL's search and submits on Enter. */
export function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('gallery');
  const form = useForm({ values: { search } });
  // Arriving with `focusSearch` (the mobile menu's Search): the field takes the focus.
  const location = useLocation();
  const focusSearch = (location.state as { focusSearch?: boolean } | null)?.focusSearch === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (location.key) focuses once.
  useEffect(() => {
    if (focusSearch) form.setFocus('search');
  }, [location.key]);
  return (
    <form className={styles.search} role="search" onSubmit={form.handleSubmit(({ search: term }) => onSearch(term.trim()))}>
      <input
        type="search"
        {...form.register('search')}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchLabel')}
        enterKeyHint="search"
        maxLength={SEARCH_MAX}
      />
    </form>
  );
}
