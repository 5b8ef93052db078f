import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDecisions } from '../api/moderation.ts';
import { DecisionCard } from '../components/DecisionCard.tsx';
import { Listing } from '../components/Listing.tsx';
import styles from '../Moderation.module.css';

/** Issue #31, `/moderation/`: every action staff took on the viewer's work or account, newest first, each with its appeal. */
export default function DecisionsPage() {
  const { t } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const decisions = useDecisions(page);
  return (
    <div className={`narrow ${styles.page}`}>
      <h1>{t('owner.listTitle')}</h1>
      <Listing query={decisions} empty={t('owner.empty')} page={page} onPage={setPage}>
        {(results) => (
          <ol className={styles.list}>
            {results.map((d) => (
              <li key={d.report}>
                <DecisionCard decision={d} />
              </li>
            ))}
          </ol>
        )}
      </Listing>
    </div>
  );
}
