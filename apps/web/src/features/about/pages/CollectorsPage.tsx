import { Link } from 'react-router';
import { useSite } from '../../../site.ts';
import styles from '../about.module.css';
import { CardGrid, ExternalLink, Hero } from '../components/Blocks.tsx';
import { type AboutItem, useAboutText } from '../use-about-text.ts';

/** /about/collectors/: collecting, following artists, the edition store, originals. */
export default function CollectorsPage() {
  const { text, list } = useAboutText();
  const site = useSite();
  return (
    <>
      <Hero eyebrow={text('collectors.eyebrow')} title={text('collectors.title')} lead={text('collectors.lead')}>
        <div className={styles.heroActions}>
          <ExternalLink href={site.links.edition} className="btn">
            {text('collectors.ctaEdition')}
          </ExternalLink>
          <Link to="/gallery/all/" className="btn secondary">
            {text('collectors.ctaDiscover')}
          </Link>
        </div>
      </Hero>
      <CardGrid items={list<AboutItem>('collectors.items')} numbered columns={2} />
    </>
  );
}
