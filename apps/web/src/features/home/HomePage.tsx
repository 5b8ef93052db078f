import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../site.ts';
import { ArtworkGrid } from '../../kit/components/ArtworkGrid.tsx';
import { BannerCarousel } from './components/BannerCarousel.tsx';
import { InfoCards } from './components/InfoCards.tsx';
import { PartnerCarousel } from './components/PartnerCarousel.tsx';
import styles from './HomePage.module.css';

/**
 * SPEC §2 Home: banner carousel, info cards (large screens), Best Projects in the fixed grid with a
 * link to the gallery, and the Partners carousel. All of it comes from the global page data, which
 * the server inlines into the page, so home paints without waiting for a request.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const site = useSite();
  return (
    <div className={styles.home}>
      {/* The page's one h1 (WCAG 1.3.1, 2.4.6): the banners and cards carry h2s below it. */}
      <h1 className="visually-hidden">{site.site_name}</h1>
      <BannerCarousel banners={site.banners} />
      <div className="page">
        <InfoCards />
        <section className={styles.best} aria-labelledby="home-best" data-testid="best-projects">
          <div className={styles.head}>
            <h2 id="home-best">{t('best.title')}</h2>
            <Link to="/gallery/all/" className={styles.all}>
              {t('best.all')} →
            </Link>
          </div>
          {site.best_projects.length > 0 ? (
            <ArtworkGrid artworks={site.best_projects} fixed priorityCount={site.banners.length ? 0 : 4} />
          ) : (
            <p className="empty">{t('best.empty')}</p>
          )}
          <div className={styles.more}>
            <Link to="/gallery/all/" className="btn secondary">
              {t('best.all')}
            </Link>
          </div>
        </section>
        <PartnerCarousel clients={site.clients} />
      </div>
    </div>
  );
}
