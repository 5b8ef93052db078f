import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useDecision } from '../api/moderation.ts';
import { DecisionCard } from '../components/DecisionCard.tsx';
import styles from '../Moderation.module.css';

/**
 * Issue #31, `/moderation/{report}/`: the page the owner's notice and mail link to: the action, its reason and the
 * appeal form. The mail's link carries a token, so a suspended owner (who cannot log in) can read and appeal it.
 */
export default function DecisionPage() {
  const { t } = useTranslation('moderation');
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token');
  const decision = useDecision(id, token);
  return (
    <div className={`narrow ${styles.page}`}>
      <h1>{t('owner.title')}</h1>
      {decision.isPending ? (
        <Spinner />
      ) : decision.data ? (
        <DecisionCard decision={decision.data} token={token} />
      ) : (
        <p className="empty">{t('owner.notFound')}</p>
      )}
    </div>
  );
}
