import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../site.ts';
import styles from './Footer.module.css';

/** SPEC §2 Shell footer: the copyright runs from 2023, the year the spec fixes, to this year (issue #29). */
export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <button
          type="button"
          className={styles.logo}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          aria-label={`${site.site_name} · ${t('footer.top')}`}
        >
          {site.site_name}
        </button>
        <nav className={styles.links} aria-label={t('footer.label')}>
          <a href={site.links.about} target="_blank" rel="noopener noreferrer">
            {t('footer.about')}
          </a>
          <Link to="/about/contact/">{t('footer.contact')}</Link>
          <a href={site.links.privacy} target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </a>
          <a href={site.links.terms} target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </a>
          {/* Issue #31: where a rights holder without an account sends a takedown notice. */}
          <Link to="/about/takedown/">{t('footer.takedown')}</Link>
          <a href={site.links.instagram} target="_blank" rel="noopener noreferrer">
            {t('footer.instagram')}
          </a>
        </nav>
        {/* The server and the browser may straddle a new year: the year alone may differ between them. */}
        <p className={styles.copy} suppressHydrationWarning>
          {t('footer.copyright', { product: site.site_name, year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
