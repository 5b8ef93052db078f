import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { mediaUrl } from '../api/media.ts';
import { useCurrentUser, useSite } from '../site.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import styles from './TopBar.module.css';
import { DEFAULT_AVATAR } from './default-avatar.ts';

/** SPEC §2 Shell: fixed top bar with the top menu, and login/sign-up or upload and the avatar menu. */
export function TopBar() {
  const { t } = useTranslation();
  const site = useSite();
  const user = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
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
              <Link to="/upload/" className={styles.upload}>
                {t('nav.upload')}
              </Link>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger className={styles.avatarButton} aria-label={user.name} data-testid="avatar-menu">
                  <img
                    src={user.cropped_avatar ? mediaUrl(user.cropped_avatar, 156) : DEFAULT_AVATAR}
                    alt=""
                    width={32}
                    height={32}
                    className={styles.avatar}
                  />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content className={styles.dropdown} align="end" sideOffset={8}>
                    <DropdownMenu.Item asChild>
                      <Link to={`/${user.slug}/`}>{t('nav.my', { product: site.site_name })}</Link>
                    </DropdownMenu.Item>
                    <DropdownMenu.Item asChild>
                      <Link to="/accounts/">{t('nav.editAccount')}</Link>
                    </DropdownMenu.Item>
                    {user.is_staff && (
                      <DropdownMenu.Item asChild>
                        <Link to="/admin/">Staff</Link>
                      </DropdownMenu.Item>
                    )}
                    <DropdownMenu.Item asChild>
                      <Link to="/about/">{t('nav.help')}</Link>
                    </DropdownMenu.Item>
                    <DropdownMenu.Separator className={styles.separator} />
                    <DropdownMenu.Item asChild>
                      {/* A full page load: the server ends the session (SPEC §2). */}
                      <a href="/accounts/logout/">{t('nav.logout')}</a>
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
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
            type="button"
            className={styles.burger}
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
