import { Link } from 'react-router';
import styles from '../about.module.css';
import { Hero, LinkCard } from '../components/Blocks.tsx';
import { useAboutText } from '../use-about-text.ts';

const SECTIONS = [
  { key: 'artists', to: '/about/artists/registration-process/' },
  { key: 'brands', to: '/about/brands-and-agencies/' },
  { key: 'collectors', to: '/about/collectors/' },
  { key: 'agency', to: '/about/axoo-agency/' },
] as const;

/** /about/: what the product is, with a door to each audience's page. */
export default function OverviewPage() {
  const { text } = useAboutText();
  return (
    <>
      <Hero eyebrow={text('overview.eyebrow')} title={text('overview.title')} lead={text('overview.lead')} />
      <ul className={styles.grid} data-columns={4}>
        {SECTIONS.map(({ key, to }) => (
          <LinkCard key={key} to={to} title={text(`menu.${key}`)} body={text(`overview.cards.${key}.body`)} cta={text(`overview.cards.${key}.cta`)} />
        ))}
      </ul>
      <p className={styles.contactLine}>
        {text('overview.contact')}{' '}
        <Link to="/about/contact/">
          {text('overview.contactLink')} <span aria-hidden="true">→</span>
        </Link>
      </p>
    </>
  );
}
