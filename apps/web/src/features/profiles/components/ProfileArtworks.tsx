import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkGrid } from '../../../kit/components/ArtworkGrid.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type Profile, type ProfileTab, useProfileArtworks } from '../api/profiles.ts';
import styles from '../Profile.module.css';

/** Which tabs a viewer gets: Collection when public or one's own, My submission only on one's own profile. */
export function visibleTabs(profile: Profile, isOwner: boolean): ProfileTab[] {
  const tabs: ProfileTab[] = ['projects'];
  if (profile.public_collection || isOwner) tabs.push('collection');
  if (isOwner) tabs.push('application');
  return tabs;
}

/**
 * SPEC §2 Profile tabs (Projects / Collection / My submission) driven by the `type` query, and the
 * grid in the profile's layout (fixed 'straight' or proportional masonry) with infinite scroll.
 */
export function ProfileArtworks({ profile, isOwner, tab }: { profile: Profile; isOwner: boolean; tab: ProfileTab }) {
  const { t } = useTranslation('profiles');
  const { t: tc } = useTranslation();
  const tabs = visibleTabs(profile, isOwner);
  const current = tabs.includes(tab) ? tab : 'projects';
  const query = useProfileArtworks(profile.id, current, true);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const artworks = query.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <section aria-labelledby="profile-artworks-heading">
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 (WCAG 1.3.1). */}
      <h2 id="profile-artworks-heading" className="visually-hidden">
        {t('tabs.label')}
      </h2>
      <nav className={styles.tabs} aria-label={t('tabs.label')}>
        {tabs.map((name) => (
          <Link
            key={name}
            to={name === 'projects' ? '.' : `?type=${name}`}
            replace
            preventScrollReset
            aria-current={name === current ? 'page' : undefined}
            className={name === current ? styles.tabActive : styles.tab}
            data-testid={`tab-${name}`}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="empty">{tc('error.generic')}</p>
      ) : artworks.length === 0 ? (
        <p className="empty" data-testid="profile-empty">
          {tc('empty')}
        </p>
      ) : (
        <ArtworkGrid
          artworks={artworks}
          fixed={profile.fixed_layout}
          // My submission: what the brand received, with the same badge the brand sees when the work is not public (issue #19).
          actions={
            current === 'application'
              ? (a) =>
                  a.visible ? null : (
                    <span className={styles.notPublic} data-testid="not-public">
                      {t('notPublic')}
                    </span>
                  )
              : undefined
          }
        />
      )}
      <div ref={sentinel} />
      {hasNextPage && (
        <div className={styles.more}>
          <button type="button" className="btn secondary" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? tc('actions.loading') : tc('actions.more')}
          </button>
        </div>
      )}
    </section>
  );
}
