import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InviteForm } from '../components/InviteForm.tsx';
import styles from '../components/invites.module.css';

/**
 * "Start an open call" (issue #19), step 1 of 2: any logged-in user writes the call (texts, images, dates, questions);
 * saved, it goes on to step 2, its pages and columns. It waits for staff review, then opens.
 */
export default function StartCallPage() {
  const { t } = useTranslation('invites');
  const navigate = useNavigate();
  return (
    <section className={`page ${styles.ownPage}`}>
      <p className={styles.stepLabel} data-testid="start-step">
        {t('own.step1')}
      </p>
      <InviteForm invite={null} mode="owner" onDone={(saved) => navigate(saved ? `/goodluck/${saved.id}/edit/?step=pages` : '/goodluck/mine/')} />
    </section>
  );
}
