import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { avatarImage } from '../../ui/avatar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSentinel } from '../../ui/use-sentinel.ts';
import { ArtworkGrid } from '../../kit/components/ArtworkGrid.tsx';
import { FollowSlot } from '../../kit/slots.tsx';
import { useFeedPages, useSuggestions } from './api/feed.ts';
import styles from './FeedPage.module.css';

/** Issue #17 Following feed at /following/: the followed artists' newest work in the gallery grid, infinite scroll. */
export default function FeedPage() {
  const { t } = useTranslation('follows');
  const feed = useFeedPages();
  const artworks = feed.data?.pages.flatMap((p) => p.results) ?? [];
  const empty = feed.isSuccess && artworks.length === 0;
  const sentinel = useSentinel(() => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  }, Boolean(feed.hasNextPage));

  return (
    <div className={`page ${styles.feed}`}>
      <h1 className={styles.title}>{t('feed.title')}</h1>
      <section aria-live="polite" aria-busy={feed.isPending} data-testid="feed-results">
        {feed.isPending ? (
          <Spinner />
        ) : feed.isError ? (
          <p className="empty">{t('feed.error')}</p>
        ) : empty ? (
          <Suggestions />
        ) : (
          <ArtworkGrid artworks={artworks} fixed />
        )}
        <div ref={sentinel} />
        {feed.isFetchingNextPage && <Spinner />}
      </section>
    </div>
  );
}

/** The empty state: artists most followed this month in the viewer's categories. */
function Suggestions() {
  const { t } = useTranslation('follows');
  const suggestions = useSuggestions(true);
  return (
    <div className={styles.empty} data-testid="feed-empty">
      <p className="empty">{t('feed.empty')}</p>
      {suggestions.data && suggestions.data.length > 0 && (
        <>
          <h2 className={styles.subtitle}>{t('feed.suggestions')}</h2>
          <ul className={styles.artists}>
            {suggestions.data.map((artist) => (
              <li key={artist.id} className={styles.artist} data-testid="suggested-artist">
                <Link to={`/${artist.slug}/`} className={styles.link}>
                  <img {...avatarImage(artist)} alt="" width={72} height={72} loading="lazy" />
                  <span className={styles.name}>{artist.name}</span>
                  <span className={styles.count}>{t('feed.followers', { count: artist.followers_count })}</span>
                </Link>
                <FollowSlot artist={artist.id} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
