import { Link } from 'react-router';
import styles from '../about.module.css';
import { CardGrid, Cta } from '../components/Blocks.tsx';
import { type AboutItem, useAboutText } from '../use-about-text.ts';

/** /about/artists/benefits/: what membership gives an artist. */
export default function BenefitsPage() {
  const { text, list } = useAboutText();
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title" className={styles.h2}>
        {text('benefits.title')}
      </h2>
      <p className={styles.sectionLead}>{text('benefits.lead')}</p>
      <CardGrid items={list<AboutItem>('benefits.items')} numbered />
      <Cta title={text('benefits.ctaTitle')} body={text('benefits.ctaBody')}>
        <Link to="/about/artists/registration-process/#registration" className="btn">
          {text('benefits.ctaButton')}
        </Link>
      </Cta>
    </section>
  );
}
