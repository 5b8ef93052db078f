import * as Dialog from '@radix-ui/react-dialog';
import { type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useCurrentUser, useLocalName, useSite } from '../site.ts';
import styles from './MobileMenu.module.css';

/**
 * SPEC §2 Shell: the mobile menu adds a search link and the category list. Closed without leaving (Escape, ×, a tap
 * outside), it gives focus back to the button that opened it (`returnFocus`, issue #29): with no Radix trigger the
 * dialog would leave it on the page's body.
 */
export function MobileMenu({ open, onClose, returnFocus }: { open: boolean; onClose: () => void; returnFocus: RefObject<HTMLElement | null> }) {
  // A link closes the menu by leaving: focus then belongs to the new page, not back on the menu button.
  const leaving = useRef(false);
  const leave = () => {
    leaving.current = true;
    onClose();
  };
  const { t } = useTranslation();
  const site = useSite();
  const user = useCurrentUser();
  const localName = useLocalName();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            leaving.current = false;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (!leaving.current) returnFocus.current?.focus();
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{site.site_name}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('nav.close')}>
              ×
            </Dialog.Close>
          </div>
          <nav className={styles.links} onClick={leave}>
            {/* SPEC §2 mobile menu: search opens the gallery with its search field focused. */}
            <Link to="/gallery/all/" state={{ focusSearch: true }}>
              {t('nav.search')}
            </Link>
            <NavLink to="/gallery/all/">{t('nav.discover')}</NavLink>
            <NavLink to="/goodluck/">{t('nav.goodluck')}</NavLink>
            <a href={site.links.edition} target="_blank" rel="noopener noreferrer">
              {t('nav.edition')}
            </a>
            <a href={site.links.membership} target="_blank" rel="noopener noreferrer">
              {t('nav.membership')}
            </a>
            {user ? (
              <>
                <NavLink to={`/${user.slug}/`}>{t('nav.my', { product: site.site_name })}</NavLink>
                <NavLink to="/accounts/" end>
                  {t('nav.editAccount')}
                </NavLink>
                <NavLink to="/goodluck/mine/">{t('nav.myCalls')}</NavLink>
                <NavLink to="/goodluck/jury/">{t('nav.myJuries')}</NavLink>
                <NavLink to="/about/">{t('nav.help')}</NavLink>
                <a href="/accounts/logout/">{t('nav.logout')}</a>
              </>
            ) : (
              <>
                <NavLink to="/login/">{t('nav.login')}</NavLink>
                <NavLink to="/signup/">{t('nav.signup')}</NavLink>
              </>
            )}
          </nav>
          <h2 className={styles.subhead}>{t('nav.categories')}</h2>
          <ul className={styles.categories} onClick={leave}>
            {site.categories.map((c) => (
              <li key={c.id}>
                <NavLink to={`/gallery/${c.category}/`}>{localName(c)}</NavLink>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
