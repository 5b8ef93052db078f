import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { ArtworkGrid } from '../../kit/components/ArtworkGrid.tsx';
import { useArtistPages, useArtworkPages } from './api/gallery.ts';
import { ArtistCard } from './components/ArtistCard.tsx';
import { CategoryBar } from './components/CategoryBar.tsx';
import { GalleryToolbar } from './components/GalleryToolbar.tsx';
import { SearchForm } from './components/SearchForm.tsx';
import { useClock } from '../../ui/clock.ts';
import { artworkQueryOf, periodStart } from './filters.ts';
import styles from './GalleryPage.module.css';
import { useGalleryView } from './hooks/use-gallery-view.ts';
import { useSentinel } from '../../ui/use-sentinel.ts';

/**
 * SPEC §2 Gallery: category bar, centred search, Projects / Artists, and for projects ordering,
 * time window, field, concept, colour and genre. Everything lives in the URL (use-gallery-view); infinite scroll.
 */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const { filters, category, apply } = useGalleryView();
  // The window's first day on the page's clock (ui/clock.ts): the server's and the first client render ask alike.
  const start = useClock((now) => periodStart(filters.period, now));
  const projects = useArtworkPages({ ...artworkQueryOf(filters, category), created__gte: start }, filters.type === 'projects');
  const artists = useArtistPages(
    { search: filters.search.trim() || undefined, categories__category: category || undefined, available_for_hire: filters.hire || undefined },
    filters.type === 'artists',
  );
  const active = filters.type === 'projects' ? projects : artists;
  const sentinel = useSentinel(() => {
    if (active.hasNextPage && !active.isFetchingNextPage) void active.fetchNextPage();
  }, Boolean(active.hasNextPage));

  const artworkResults = projects.data?.pages.flatMap((p) => p.results) ?? [];
  const artistResults = artists.data?.pages.flatMap((p) => p.results) ?? [];
  const count = filters.type === 'projects' ? artworkResults.length : artistResults.length;
  const suggestion = filters.type === 'projects' ? projects.data?.pages[0]?.suggestion : undefined;

  return (
    <div className={`page ${styles.gallery}`}>
      <h1 className="visually-hidden">{t('heading')}</h1>
      <CategoryBar category={category} filters={filters} />
      <SearchForm search={filters.search} onSearch={(search) => apply({ search })} />
      <GalleryToolbar filters={filters} category={category} apply={apply} />

      {/* Names the results and keeps the outline h1 → h2 → the cards' h3 (WCAG 1.3.1). */}
      <h2 id="gallery-results" className="visually-hidden">
        {t(`types.${filters.type}`)}
      </h2>
      <section aria-labelledby="gallery-results" aria-live="polite" aria-busy={active.isPending} data-testid="gallery-results">
        {active.isPending ? (
          <Spinner />
        ) : active.isError ? (
          <p className="empty">{t('error')}</p>
        ) : count === 0 ? (
          <>
            <p className="empty">{t('empty')}</p>
            {suggestion && (
              <p className={styles.didYouMean}>
                {t('suggest.didYouMean')}{' '}
                <button type="button" onClick={() => apply({ search: suggestion })}>
                  {suggestion}
                </button>
              </p>
            )}
          </>
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
