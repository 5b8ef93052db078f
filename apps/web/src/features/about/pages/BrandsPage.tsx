import { Link } from 'react-router';
import styles from '../about.module.css';
import { Cta, Hero } from '../components/Blocks.tsx';
import { type AboutItem, useAboutText } from '../use-about-text.ts';

const WAY_LINKS = ['/gallery/all/', '/goodluck/', '/about/axoo-agency/'];

/** /about/brands-and-agencies/: three ways to work with artists, and how an open call runs. */
export default function BrandsPage() {
  const { text, list } = useAboutText();
  const ways = list<AboutItem & { cta: string }>('brands.ways');
  return (
    <>
      <Hero eyebrow={text('brands.eyebrow')} title={text('brands.title')} lead={text('brands.lead')} />
      <ul className={styles.grid} data-columns={3}>
        {ways.map((way, i) => (
          <li key={way.title} className={styles.card}>
            <h3>{way.title}</h3>
            <p>{way.body}</p>
            <Link to={WAY_LINKS[i] ?? '/about/contact/'} className={styles.cardLink}>
              {way.cta} <span aria-hidden="true">→</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="open-call-title" className={styles.section}>
        <h2 id="open-call-title" className={styles.h2}>
          {text('brands.openCallTitle')}
        </h2>
        <ol className={styles.process}>
          {list<AboutItem>('brands.openCallSteps').map((s, i) => (
            <li key={s.title}>
              <span className={styles.processMark}>{i + 1}</span>
              <h3>{s.title}</h3>
              <p>{s.body}</p>
            </li>
          ))}
        </ol>
      </section>
      <Cta title={text('brands.ctaTitle')} body={text('brands.ctaBody')}>
        <Link to="/about/contact/" className="btn">
          {text('brands.ctaButton')}
        </Link>
      </Cta>
    </>
  );
}
