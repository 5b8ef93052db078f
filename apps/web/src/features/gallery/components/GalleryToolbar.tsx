import { CREDENTIALS_FILTER, HIRE_FILTERS, LICENCE_GROUPS, LICENCES } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { useLocalName, useSite } from '../../../site.ts';
import { type Option, Select } from '../../../ui/Select.tsx';
import { type GalleryFilters, orderingOf } from '../filters.ts';
import styles from '../GalleryPage.module.css';
import { PaletteFilter } from './PaletteFilter.tsx';

/** Issue #18: each of the six licences, and the two groups as the codes they stand for. */
const licenceOptions = (t: (key: string) => string): Option<string>[] => [
  ...LICENCES.map((l) => ({ value: l.code, label: t(`licence.${l.code}`) })),
  ...(['commercial', 'derivatives'] as const).map((g) => ({ value: LICENCE_GROUPS[g].join(','), label: t(`licence.${g}`) })),
];

/**
 * SPEC §2 Gallery: Projects / Artists, and for projects ordering, time window, field, concept, colour (named, or
 * any colour of the covers' palettes), genre, licence (issue #18) and Content Credentials (issue #35); for artists, availability for hire (issue #20).
 */
export function GalleryToolbar({
  filters,
  category,
  apply,
}: {
  filters: GalleryFilters;
  category: string;
  apply: (next: Partial<GalleryFilters>, nextCategory?: string) => void;
}) {
  const { t } = useTranslation('gallery');
  const site = useSite();
  const localName = useLocalName();
  /** A filter that may be unset ("any"): an empty value clears it. */
  const optional = (label: string, value: string, options: Option<string>[], onChange: (value: string) => void) => (
    <div className={styles.filter}>
      <Select label={label} value={value || null} placeholder={t('any')} options={options} onChange={(v) => onChange(v ?? '')} />
    </div>
  );
  return (
    <div className={styles.toolbar}>
      <div className={styles.types} role="group" aria-label={t('type')}>
        {(['projects', 'artists'] as const).map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={filters.type === type}
            className={styles.type}
            // SPEC §2: changing type clears the search and the results.
            onClick={() => type !== filters.type && apply({ type, search: '', hire: '' })}
          >
            {t(`types.${type}`)}
          </button>
        ))}
      </div>
      {filters.type === 'artists' && (
        <div className={styles.filters}>
          {/* Issue #20: artists open to work, any way or one of them. */}
          {optional(
            t('hire.label'),
            filters.hire,
            HIRE_FILTERS.map((value) => ({ value, label: t(`hire.${value}`) })),
            (hire) => apply({ hire: hire as GalleryFilters['hire'] }),
          )}
        </div>
      )}
      {filters.type === 'projects' && (
        <div className={styles.filters}>
          <div className={styles.filter}>
            {/* A palette search has its own order (issue #18): the closest colours first. */}
            {filters.palette ? (
              <p className={styles.fixedOrder} data-testid="palette-order">
                {t('ordering.closest')}
              </p>
            ) : (
              <Select
                label={t('ordering.label')}
                value={orderingOf(filters)}
                options={[
                  // Issue #30.5: relevance is the order of a search (its default), the others stay choices.
                  ...(filters.search.trim() ? [{ value: 'relevance' as const, label: t('ordering.relevance') }] : []),
                  { value: '-created' as const, label: t('ordering.recent') },
                  { value: '-hit' as const, label: t('ordering.viewed') },
                ]}
                onChange={(v) => apply({ ordering: v ?? '' })}
              />
            )}
          </div>
          <div className={styles.filter}>
            <Select
              label={t('period.label')}
              value={filters.period || 'all'}
              options={[
                { value: 'all', label: t('period.all') },
                { value: '1m', label: t('period.1m') },
                { value: '3m', label: t('period.3m') },
              ]}
              onChange={(v) => apply({ period: v === '1m' || v === '3m' ? v : '' })}
            />
          </div>
          {optional(
            t('field'),
            filters.field,
            site.fields.map((f) => ({ value: f.field, label: localName(f) })),
            (field) => apply({ field }),
          )}
          {optional(
            t('concept'),
            filters.concept,
            site.concepts.map((c) => ({ value: c.concept, label: localName(c) })),
            (concept) => apply({ concept }),
          )}
          {optional(
            t('color'),
            filters.color,
            site.colors.map((c) => ({ value: String(c.id), label: localName(c), swatch: c.code })),
            (color) => apply({ color }),
          )}
          <div className={styles.filter}>
            <PaletteFilter value={filters.palette} onChange={(palette) => apply({ palette })} />
          </div>
          {optional(t('licence.label'), filters.licence, licenceOptions(t), (licence) => apply({ licence }))}
          {/* Issue #35: only work whose images carry valid Content Credentials. */}
          {optional(t('credentials.label'), filters.credentials, [{ value: CREDENTIALS_FILTER, label: t('credentials.valid') }], (credentials) =>
            apply({ credentials: credentials === CREDENTIALS_FILTER ? CREDENTIALS_FILTER : '' }),
          )}
          {/* Issue #31: general work only; work made without AI only. */}
          {optional(t('rating.label'), filters.rating, [{ value: 'general', label: t('rating.general') }], (rating) =>
            apply({ rating: rating === 'general' ? 'general' : '' }),
          )}
          {optional(t('aiUse.label'), filters.ai_use, [{ value: 'none', label: t('aiUse.none') }], (aiUse) =>
            apply({ ai_use: aiUse === 'none' ? 'none' : '' }),
          )}
          {optional(
            t('genre'),
            category,
            site.categories.map((c) => ({ value: c.category, label: localName(c) })),
            (genre) => apply({}, genre),
          )}
        </div>
      )}
    </div>
  );
}
