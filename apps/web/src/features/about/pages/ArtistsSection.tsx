import { Navigate, NavLink, Route, Routes } from 'react-router';
import styles from '../about.module.css';
import { Hero } from '../components/Blocks.tsx';
import { useAboutText } from '../use-about-text.ts';
import BenefitsPage from './BenefitsPage.tsx';
import RegistrationProcessPage from './RegistrationProcessPage.tsx';

const REGISTRATION = '/about/artists/registration-process/';

/** /about/artists/*: tabs Registration Process and Benefits; anything else goes to registration-process/ (SPEC §2). */
export default function ArtistsSection() {
  const { text } = useAboutText();
  return (
    <>
      <Hero eyebrow={text('artists.eyebrow')} title={text('artists.title')} lead={text('artists.lead')} />
      <nav className={styles.subtabs} aria-label={text('artists.tabsLabel')}>
        <NavLink to={REGISTRATION}>{text('artists.tabs.registration')}</NavLink>
        <NavLink to="/about/artists/benefits/">{text('artists.tabs.benefits')}</NavLink>
      </nav>
      <Routes>
        <Route path="registration-process/" element={<RegistrationProcessPage />} />
        <Route path="benefits/" element={<BenefitsPage />} />
        <Route path="*" element={<Navigate to={REGISTRATION} replace />} />
      </Routes>
    </>
  );
}
