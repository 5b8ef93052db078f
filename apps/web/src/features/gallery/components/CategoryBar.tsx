import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalName, useSite } from '../../../site.ts';
import { type GalleryFilters, writeFilters } from '../filters.ts';
import styles from '../GalleryPage.module.css';

/** SPEC §2 Gallery category bar: all, the primary categories, and the rest on demand; the filters stay. */
export function CategoryBar({ category, filters }: { category: string; filters: GalleryFilters }) {
  const { t } = useTranslation('gallery');
  const site = useSite();
  const localName = useLocalName();
  const [showAll, setShowAll] = useState(false);
  const primary = site.categories.filter((c) => site.primary_categories.includes(c.category));
  const shown = showAll ? site.categories : primary;
  return (
    <nav className={styles.categories} aria-label={t('categories')}>
      <ul>
        <li>
          <Link to={`/gallery/all/?${writeFilters(filters)}`} replace aria-current={!category ? 'page' : undefined} className={styles.chip}>
            {t('all')}
          </Link>
        </li>
        {shown.map((c) => (
          <li key={c.category}>
            <Link
              to={`/gallery/${c.category}/?${writeFilters(filters)}`}
              replace
              aria-current={category === c.category ? 'page' : undefined}
              className={styles.chip}
              data-category={c.category}
            >
              {localName(c)}
            </Link>
          </li>
        ))}
        {site.categories.length > primary.length && (
          <li>
            <button type="button" className={styles.more} aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
              {showAll ? t('less') : t('moreCategories')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
