import { Link } from 'react-router';
import { useSite } from '../../../site.ts';
import styles from '../about.module.css';
import { ExternalLink } from '../components/Blocks.tsx';
import { RegistrationSteps, type Step } from '../components/RegistrationSteps.tsx';
import { useAboutText } from '../use-about-text.ts';

/** SPEC §2 About pages: 1 Registration, 2 Judgement, 3 Approval, * Membership; review about 5 to 7 days (§9). */
export default function RegistrationProcessPage() {
  const { text, list } = useAboutText();
  const site = useSite();
  const k = (id: string, part: string) => `registration.steps.${id}.${part}`;
  const points = (id: string) => (
    <ul className={styles.points}>
      {list(k(id, 'points')).map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
  const step = (id: string, mark: string): Omit<Step, 'children'> => ({ id, mark, title: text(k(id, 'title')), caption: text(k(id, 'caption')) });

  const steps: Step[] = [
    {
      ...step('registration', '1'),
      children: (
        <>
          <p>{text(k('registration', 'body'))}</p>
          {points('registration')}
          <ExternalLink href={site.links.membership} className="btn">
            {text(k('registration', 'button'))}
          </ExternalLink>
        </>
      ),
    },
    {
      ...step('judgement', '2'),
      children: (
        <>
          <p>{text(k('judgement', 'body'))}</p>
          {points('judgement')}
          <p className={styles.note}>{text(k('judgement', 'note'))}</p>
        </>
      ),
    },
    {
      ...step('approval', '3'),
      children: (
        <>
          <p>{text(k('approval', 'body'))}</p>
          {points('approval')}
        </>
      ),
    },
    {
      ...step('membership', '*'),
      children: (
        <>
          <p>{text(k('membership', 'body'))}</p>
          <Link to="/about/artists/benefits/" className="btn">
            {text(k('membership', 'button'))}
          </Link>
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="registration-title">
      <div className={styles.sectionHead}>
        <h2 id="registration-title" className={styles.h2}>
          {text('registration.title')}
        </h2>
        <span className={styles.badge}>{text('registration.review')}</span>
      </div>
      <p className={styles.sectionLead}>{text('registration.lead')}</p>
      <RegistrationSteps steps={steps} />
      <p className={styles.notice}>{text('registration.nonMember')}</p>
    </section>
  );
}
