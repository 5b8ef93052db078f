import { SEARCH_MAX } from '@axoo/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styles from '../GalleryPage.module.css';
import { type SearchOption, useSearchBox } from '../hooks/use-search-box.ts';

const GROUPS = ['recent', 'artists', 'tags', 'titles'] as const;

/**
 * The gallery's centred search (SPEC §2): one field that follows the URL's search and submits on Enter, with the
 * suggestions of issue #30.6 as a combobox (hooks/use-search-box.ts). A plain controlled input: the page's first
 * load carries no form library for it (issue #14).
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
  const box = useSearchBox(term, setTerm, onSearch);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  // Arriving with `focusSearch` (the mobile menu's Search): the field takes the focus.
  const field = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const focusSearch = (location.state as { focusSearch?: boolean } | null)?.focusSearch === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (location.key) focuses once.
  useEffect(() => {
    if (focusSearch) field.current?.focus();
  }, [location.key]);
  const indexed = box.options.map((option, index) => ({ option, index }));
  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        box.search(term.trim());
      }}
    >
      <div className={styles.combo}>
        <input
          ref={field}
          type="search"
          name="search"
          role="combobox"
          aria-expanded={box.open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={box.open && box.active >= 0 ? optionId(box.active) : undefined}
          autoComplete="off"
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            box.show();
          }}
          onFocus={box.show}
          onBlur={box.hide}
          onKeyDown={box.onKeyDown}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchLabel')}
          enterKeyHint="search"
          maxLength={SEARCH_MAX}
        />
        <div id={listId} role="listbox" aria-label={t('suggest.label')} className={styles.suggestions} hidden={!box.open}>
          {GROUPS.map((group) => {
            const rows = indexed.filter((row) => row.option.group === group);
            if (!rows.length) return null;
            return (
              <div key={group} role="group" aria-label={t(`suggest.${group}`)}>
                <div className={styles.suggestGroup} aria-hidden="true">
                  {t(`suggest.${group}`)}
                </div>
                {rows.map(({ option, index }) => (
                  <Option key={option.key} id={optionId(index)} option={option} active={index === box.active} onChoose={box.choose} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </form>
  );
}

function Option({ id, option, active, onChoose }: { id: string; option: SearchOption; active: boolean; onChoose: (o: SearchOption) => void }) {
  return (
    // The field keeps the focus (aria-activedescendant); a pointer chooses on press, before the field's blur.
    <div
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className={styles.suggestion}
      onMouseDown={(e) => {
        e.preventDefault();
        onChoose(option);
      }}
    >
      {option.label}
    </div>
  );
}
