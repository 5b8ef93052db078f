import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation } from 'react-router';
import styles from './about.module.css';
import { useAnchorScroll } from './anchor-scroll.ts';
import AgencyPage from './pages/AgencyPage.tsx';
import ArtistsSection from './pages/ArtistsSection.tsx';
import BrandsPage from './pages/BrandsPage.tsx';
import CollectorsPage from './pages/CollectorsPage.tsx';
import ContactPage from './pages/ContactPage.tsx';
import OverviewPage from './pages/OverviewPage.tsx';
import { useAboutText } from './use-about-text.ts';

const MENU = [
  { key: 'artists', to: '/about/artists/' },
  { key: 'brands', to: '/about/brands-and-agencies/' },
  { key: 'collectors', to: '/about/collectors/' },
  { key: 'agency', to: '/about/axoo-agency/' },
  { key: 'contact', to: '/about/contact/' },
] as const;

/** The sticky about menu (SPEC §2 About pages) over the current about page. */
function AboutLayout() {
  const { text } = useAboutText();
  const { pathname } = useLocation();
  const menu = useRef<HTMLElement>(null);
  useAnchorScroll();
  // On a phone the menu scrolls sideways: keep the current tab in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes.
  useEffect(() => {
    const current = menu.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && menu.current) menu.current.scrollLeft = current.offsetLeft - menu.current.offsetLeft - 16;
  }, [pathname]);
  return (
    <div className={styles.about}>
      <div className={styles.bar}>
        <div className={styles.barInner}>
          <Link to="/about/" className={styles.crumb}>
            {text('crumb')}
          </Link>
          <nav ref={menu} className={styles.menu} aria-label={text('menuLabel')}>
            {MENU.map(({ key, to }) => (
              <NavLink key={key} to={to}>
                {text(`menu.${key}`)}
              </NavLink>
            ))}
          </nav>
        </div>
      </div>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

/** /about/*: the overview, the artists pages (with their redirect rule) and the other about pages. */
export default function AboutRoutes() {
  return (
    <Routes>
      <Route element={<AboutLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="artists/*" element={<ArtistsSection />} />
        <Route path="brands-and-agencies/" element={<BrandsPage />} />
        <Route path="collectors/" element={<CollectorsPage />} />
        <Route path="axoo-agency/" element={<AgencyPage />} />
        <Route path="contact/" element={<ContactPage />} />
        <Route path="*" element={<Navigate to="/about/" replace />} />
      </Route>
    </Routes>
  );
}
