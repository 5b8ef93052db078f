import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './InfoCards.module.css';

const CARDS = [
  { key: 'artist', to: '/about/artists/registration-process/' },
  { key: 'brands', to: '/about/brands-and-agencies/' },
  { key: 'project', to: '/gallery/all/' },
] as const;

/** SPEC §2 Home: three info cards (Artist, Brands & Agencies, Project), on large screens only. */
export function InfoCards() {
  const { t } = useTranslation('home');
  return (
    <ul className={styles.cards} data-testid="info-cards">
      {CARDS.map((card) => (
        <li key={card.key} className={styles.card}>
          <h2>{t(`cards.${card.key}.title`)}</h2>
          <p>{t(`cards.${card.key}.body`)}</p>
          <Link to={card.to} className={styles.link}>
            {t(`cards.${card.key}.link`)} →
          </Link>
        </li>
      ))}
    </ul>
  );
}
