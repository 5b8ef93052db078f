import { useTranslation } from 'react-i18next';
import { TakedownForm } from './components/TakedownForm.tsx';
import styles from './takedowns.module.css';

interface Step {
  title: string;
  body: string;
}

/** `/about/takedown/` (issue #31): the policy (steps, time limits, counter-notice, staff decision) and the notice form. */
export default function TakedownPolicyPage() {
  const { t } = useTranslation('takedowns');
  const steps = t('policy.steps', { returnObjects: true }) as Step[];
  return (
    <div className={styles.page} data-testid="takedown-page">
      <p className={styles.meta}>{t('policy.eyebrow')}</p>
      <h1>{t('policy.title')}</h1>
      <p className={styles.lead}>{t('policy.lead')}</p>
      <h2>{t('policy.stepsTitle')}</h2>
      <ol className={styles.steps}>
        {(Array.isArray(steps) ? steps : []).map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
      <h2>{t('policy.formTitle')}</h2>
      <TakedownForm />
    </div>
  );
}
