import { Link } from 'react-router';
import styles from '../about.module.css';
import { CardGrid, Cta, Hero } from '../components/Blocks.tsx';
import { type AboutItem, useAboutText } from '../use-about-text.ts';

/** /about/axoo-agency/: the agency that runs the product. */
export default function AgencyPage() {
  const { text, list } = useAboutText();
  return (
    <>
      <Hero eyebrow={text('agency.eyebrow')} title={text('agency.title')} lead={text('agency.lead')} />
      <section aria-labelledby="agency-what" className={styles.section}>
        <h2 id="agency-what" className={styles.h2}>
          {text('agency.whatTitle')}
        </h2>
        <CardGrid items={list<AboutItem>('agency.what')} numbered columns={4} />
      </section>
      <section aria-labelledby="agency-principles" className={styles.section}>
        <h2 id="agency-principles" className={styles.h2}>
          {text('agency.principlesTitle')}
        </h2>
        <dl className={styles.principles}>
          {list<AboutItem>('agency.principles').map((p) => (
            <div key={p.title}>
              <dt>{p.title}</dt>
              <dd>{p.body}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Cta title={text('agency.ctaTitle')}>
        <Link to="/about/contact/" className="btn">
          {text('agency.ctaButton')}
        </Link>
      </Cta>
    </>
  );
}
