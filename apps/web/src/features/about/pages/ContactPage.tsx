import styles from '../about.module.css';
import { Hero } from '../components/Blocks.tsx';
import { useAboutText } from '../use-about-text.ts';

export const CONTACT_EMAIL = 'contact@axoo.kr';

interface Topic {
  title: string;
  subject: string;
  body: string;
}

const mailto = (subject?: string) => `mailto:${CONTACT_EMAIL}${subject ? `?subject=${encodeURIComponent(`${subject} `)}` : ''}`;

/** /about/contact/: the e-mail address, business hours and what to write about. */
export default function ContactPage() {
  const { text, list } = useAboutText();
  return (
    <>
      <Hero eyebrow={text('contact.eyebrow')} title={text('contact.title')} lead={text('contact.lead')} />
      <div className={styles.contactGrid}>
        <div className={styles.contactCard}>
          <h2 className={styles.label}>{text('contact.emailLabel')}</h2>
          <a href={mailto()} className={styles.email}>
            {CONTACT_EMAIL}
          </a>
          <a href={mailto()} className="btn">
            {text('contact.emailButton')}
          </a>
          <h2 className={styles.label}>{text('contact.hoursLabel')}</h2>
          <ul className={styles.hours}>
            {list('contact.hours').map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
          <p className={styles.note}>{text('contact.reply')}</p>
        </div>
        <section aria-labelledby="contact-topics">
          <h2 id="contact-topics" className={styles.h2}>
            {text('contact.topicsTitle')}
          </h2>
          <p className={styles.sectionLead}>{text('contact.topicsLead')}</p>
          <ul className={styles.topics}>
            {list<Topic>('contact.topics').map((topic) => (
              <li key={topic.title}>
                <h3>
                  {topic.title} <span className={styles.subject}>{topic.subject}</span>
                </h3>
                <p>{topic.body}</p>
                <a href={mailto(topic.subject)} className={styles.cardLink}>
                  {text('contact.write')} <span aria-hidden="true">→</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
