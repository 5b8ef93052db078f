import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocalName, useSite } from '../../site.ts';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ArtworkGrid } from '../artworks/components/ArtworkGrid.tsx';
import { useArtistPages, useArtworkPages } from './api/gallery.ts';
import { ArtistCard } from './components/ArtistCard.tsx';
import { artworkQueryOf, type GalleryFilters, readFilters, writeFilters } from './filters.ts';
import styles from './GalleryPage.module.css';

/** Calls `onVisible` when the sentinel scrolls near the viewport (infinite scroll). */
function useSentinel(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/**
 * SPEC §2 Gallery: category bar, centred search, Projects / Artists, and for projects ordering,
 * time window, field, concept, colour and genre. Everything lives in the URL; infinite scroll.
 */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const site = useSite();
  const localName = useLocalName();
  const navigate = useNavigate();
  const { category: rawCategory = 'all' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const category = rawCategory === 'all' ? '' : rawCategory;
  const [showAll, setShowAll] = useState(false);
  const [draft, setDraft] = useState(filters.search);
  useEffect(() => setDraft(filters.search), [filters.search]);

  const apply = (next: Partial<GalleryFilters>, nextCategory = category) => {
    const merged = { ...filters, ...next };
    const qs = writeFilters(merged).toString();
    const path = `/gallery/${nextCategory || 'all'}/${qs ? `?${qs}` : ''}`;
    // SPEC §2: changing category replaces the route with that category (or all).
    navigate(path, { replace: nextCategory !== category });
  };
  // A `tag` link from the overlay becomes the search itself.
  useEffect(() => {
    if (params.has('tag')) setParams(writeFilters(filters), { replace: true });
  });

  const projects = useArtworkPages(artworkQueryOf(filters, category), filters.type === 'projects');
  const artists = useArtistPages({ search: filters.search || undefined, categories__category: category || undefined }, filters.type === 'artists');
  const active = filters.type === 'projects' ? projects : artists;
  const sentinel = useSentinel(() => {
    if (active.hasNextPage && !active.isFetchingNextPage) void active.fetchNextPage();
  }, Boolean(active.hasNextPage));

  const primary = site.categories.filter((c) => site.primary_categories.includes(c.category));
  const shown = showAll ? site.categories : primary;
  const artworkResults = projects.data?.pages.flatMap((p) => p.results) ?? [];
  const artistResults = artists.data?.pages.flatMap((p) => p.results) ?? [];
  const count = filters.type === 'projects' ? artworkResults.length : artistResults.length;

  function submit(e: FormEvent) {
    e.preventDefault();
    apply({ search: draft.trim() });
  }

  return (
    <div className={`page ${styles.gallery}`}>
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

      <form className={styles.search} role="search" onSubmit={submit}>
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchLabel')}
          enterKeyHint="search"
          maxLength={100}
        />
      </form>

      <div className={styles.toolbar}>
        <div className={styles.types} role="group" aria-label={t('type')}>
          {(['projects', 'artists'] as const).map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={filters.type === type}
              className={styles.type}
              // SPEC §2: changing type clears the search and the results.
              onClick={() => type !== filters.type && apply({ type, search: '' })}
            >
              {t(`types.${type}`)}
            </button>
          ))}
        </div>
        {filters.type === 'projects' && (
          <div className={styles.filters}>
            <div className={styles.filter}>
              <Select
                label={t('ordering.label')}
                value={filters.ordering}
                options={[
                  { value: '-created', label: t('ordering.recent') },
                  { value: '-hit', label: t('ordering.viewed') },
                ]}
                onChange={(v) => apply({ ordering: v ?? '-created' })}
              />
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
            <div className={styles.filter}>
              <Select
                label={t('field')}
                value={filters.field || null}
                placeholder={t('any')}
                options={site.fields.map((f) => ({ value: f.field, label: localName(f) }))}
                onChange={(v) => apply({ field: v ?? '' })}
              />
            </div>
            <div className={styles.filter}>
              <Select
                label={t('concept')}
                value={filters.concept || null}
                placeholder={t('any')}
                options={site.concepts.map((c) => ({ value: c.concept, label: localName(c) }))}
                onChange={(v) => apply({ concept: v ?? '' })}
              />
            </div>
            <div className={styles.filter}>
              <Select
                label={t('color')}
                value={filters.color || null}
                placeholder={t('any')}
                options={site.colors.map((c) => ({ value: String(c.id), label: localName(c), swatch: c.code }))}
                onChange={(v) => apply({ color: v ?? '' })}
              />
            </div>
            <div className={styles.filter}>
              <Select
                label={t('genre')}
                value={category || null}
                placeholder={t('any')}
                options={site.categories.map((c) => ({ value: c.category, label: localName(c) }))}
                onChange={(v) => apply({}, v ?? '')}
              />
            </div>
          </div>
        )}
      </div>

      <section aria-live="polite" aria-busy={active.isPending} data-testid="gallery-results">
        {active.isPending ? (
          <Spinner />
        ) : active.isError ? (
          <p className="empty">{t('error')}</p>
        ) : count === 0 ? (
          <p className="empty">{t('empty')}</p>
        ) : filters.type === 'projects' ? (
          <ArtworkGrid artworks={artworkResults} fixed />
        ) : (
          <ul className={styles.artists}>
            {artistResults.map((a) => (
              <li key={a.id}>
                <ArtistCard artist={a} />
              </li>
            ))}
          </ul>
        )}
        <div ref={sentinel} className={styles.sentinel} />
        {active.isFetchingNextPage && <Spinner />}
      </section>
    </div>
  );
}
