import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { ArtworkGrid } from '../artworks/components/ArtworkGrid.tsx';
import { useArtistPages, useArtworkPages } from './api/gallery.ts';
import { ArtistCard } from './components/ArtistCard.tsx';
import { CategoryBar } from './components/CategoryBar.tsx';
import { GalleryToolbar } from './components/GalleryToolbar.tsx';
import { SearchForm } from './components/SearchForm.tsx';
import { artworkQueryOf } from './filters.ts';
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
  const projects = useArtworkPages(artworkQueryOf(filters, category), filters.type === 'projects');
  const artists = useArtistPages(
    { search: filters.search || undefined, categories__category: category || undefined, available_for_hire: filters.hire || undefined },
    filters.type === 'artists',
  );
  const active = filters.type === 'projects' ? projects : artists;
  const sentinel = useSentinel(() => {
    if (active.hasNextPage && !active.isFetchingNextPage) void active.fetchNextPage();
  }, Boolean(active.hasNextPage));

  const artworkResults = projects.data?.pages.flatMap((p) => p.results) ?? [];
  const artistResults = artists.data?.pages.flatMap((p) => p.results) ?? [];
  const count = filters.type === 'projects' ? artworkResults.length : artistResults.length;

  return (
    <div className={`page ${styles.gallery}`}>
      <CategoryBar category={category} filters={filters} />
      <SearchForm search={filters.search} onSearch={(search) => apply({ search })} />
      <GalleryToolbar filters={filters} category={category} apply={apply} />

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
