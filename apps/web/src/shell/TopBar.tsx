import { type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { lazyComponent } from '../lazy.ts';
import { useCurrentUser, useSite } from '../site.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import styles from './TopBar.module.css';
import { avatarImage } from '../ui/avatar.ts';

// Menus load on demand: a guest's first page carries no dropdown or dialog code.
const UserMenu = lazyComponent(() => import('./UserMenu.tsx'));
const MobileMenu = lazyComponent(() => import('./MobileMenu.tsx').then((m) => ({ default: m.MobileMenu })));

/** SPEC §2 Shell: fixed top bar with the top menu, and login/sign-up or upload and the avatar menu. */
export function TopBar({ tools }: { tools?: ReactNode }) {
  const { t } = useTranslation();
  const site = useSite();
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  // The menu is a dialog without a Radix trigger: closing it without leaving gives focus back to this button.
  const burger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Every gallery category belongs to Discover, not only /gallery/all/.
  const inGallery = pathname.startsWith('/gallery/');
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={site.site_name}>
          {site.site_name}
        </Link>
        <nav className={styles.menu} aria-label={t('nav.main')}>
          <Link to="/gallery/all/" className={inGallery ? styles.active : undefined} aria-current={inGallery ? 'page' : undefined}>
            {t('nav.discover')}
          </Link>
          <NavLink to="/goodluck/" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            {t('nav.goodluck')}
          </NavLink>
          {user && (
            <NavLink to="/following/" className={({ isActive }) => (isActive ? styles.active : undefined)}>
              {t('follows:feed.nav')}
            </NavLink>
          )}
          <a href={site.links.edition} target="_blank" rel="noopener noreferrer">
            {t('nav.edition')}
          </a>
          <a href={site.links.membership} target="_blank" rel="noopener noreferrer">
            {t('nav.membership')}
          </a>
        </nav>
        <div className={styles.right}>
          <LanguageSwitch />
          {user ? (
            <>
              {tools && <Suspense fallback={null}>{tools}</Suspense>}
              <Link to="/upload/" className={styles.upload}>
                {t('nav.upload')}
              </Link>
              <Suspense fallback={<img {...avatarImage(user)} alt="" width={32} height={32} className={styles.avatar} />}>
                <UserMenu user={user} siteName={site.site_name} />
              </Suspense>
            </>
          ) : (
            <>
              <Link to="/login/" className={styles.textLink}>
                {t('nav.login')}
              </Link>
              <Link to="/signup/" className={styles.signup}>
                {t('nav.signup')}
              </Link>
            </>
          )}
          <button
            ref={burger}
            type="button"
            className={styles.burger}
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} returnFocus={burger} />
        </Suspense>
      )}
    </header>
  );
}
