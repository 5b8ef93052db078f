import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes } from 'react-router';
import { useCurrentUser } from '../../site.ts';
import styles from './AdminPage.module.css';
import { type AdminSection, adminSections } from './sections.tsx';

/**
 * The staff console at /admin/* (issue #7). The route already requires a login; here non-staff get a
 * clear refusal, and the server answers 403 to every console call anyway.
 */
export default function AdminPage({ more = [] }: { more?: AdminSection[] }) {
  const sections = [...adminSections, ...more];
  // The menu names sections of other features too ('invites:admin.title'): their namespaces load with the console.
  const { t } = useTranslation(['admin', ...new Set(sections.map((s) => s.labelKey.split(':')[0]))]);
  const user = useCurrentUser();
  if (!user?.is_staff) {
    return (
      <div className="narrow" data-testid="admin-refused">
        <h1 className={styles.refusedTitle}>{t('refused.title')}</h1>
        <p>{t('refused.body')}</p>
        <Link to="/" className="btn">
          {t('refused.home')}
        </Link>
      </div>
    );
  }
  return (
    <div className={`page ${styles.console}`}>
      <h1 className={styles.title}>{t('title')}</h1>
      <nav className={styles.nav} aria-label={t('sections.label')}>
        {sections.map((s) => (
          <NavLink key={s.path} to={`/admin/${s.path}/`} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink)}>
            {t(s.labelKey)}
          </NavLink>
        ))}
      </nav>
      <div className={styles.body}>
        <Routes>
          <Route index element={<Navigate to={`/admin/${sections[0].path}/`} replace />} />
          {sections.map((s) => (
            <Route key={s.path} path={`${s.path}/*`} element={s.element} />
          ))}
          <Route path="*" element={<Navigate to="/admin/" replace />} />
        </Routes>
      </div>
    </div>
  );
}
