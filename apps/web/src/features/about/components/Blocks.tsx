import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../about.module.css';
import type { AboutItem } from '../use-about-text.ts';

/** The heading block every about page opens with. */
export function Hero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <header className={styles.hero}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
    </header>
  );
}

/** Numbered cards for a list of `{title, body}` items. */
export function CardGrid({ items, numbered = false, columns = 3 }: { items: AboutItem[]; numbered?: boolean; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={styles.grid} data-columns={columns}>
      {items.map((item, i) => (
        <li key={item.title} className={styles.card}>
          {numbered && <span className={styles.cardIndex}>{String(i + 1).padStart(2, '0')}</span>}
          <h3>{item.title}</h3>
          <p>{item.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** A closing call to action band. */
export function Cta({ title, body, children }: { title: string; body?: string; children: ReactNode }) {
  return (
    <aside className={styles.cta}>
      <div>
        <h2>{title}</h2>
        {body && <p>{body}</p>}
      </div>
      <div className={styles.ctaActions}>{children}</div>
    </aside>
  );
}

/** A link leaving the site: new window, said so to screen readers. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation('about');
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span aria-hidden="true"> ↗</span>
      <span className="visually-hidden"> ({t('newWindow')})</span>
    </a>
  );
}

/** A link card pointing at another about page. */
export function LinkCard({ to, title, body, cta }: { to: string; title: string; body: string; cta: string }) {
  return (
    <li className={styles.card}>
      <h3>{title}</h3>
      <p>{body}</p>
      <Link to={to} className={styles.cardLink}>
        {cta} <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}
