import { APPEAL_STATUSES, type Appeal, type AppealStatus } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useAppeals, useDecide } from '../api/moderation.ts';
import { FilterSelect, Listing } from '../components/Listing.tsx';
import { Subject } from '../components/Subject.tsx';
import styles from '../Moderation.module.css';

/** Issue #31, the console's appeals: the owner's text beside the action and its note; uphold or reverse. */
export function AppealsSection() {
  const { t } = useTranslation('moderation');
  const [status, setStatus] = useState<AppealStatus | ''>('open');
  const [page, setPage] = useState(1);
  const appeals = useAppeals(status, page);
  return (
    <section className={styles.section} aria-labelledby="appeals-title" data-testid="moderation-appeals">
      <h2 id="appeals-title">{t('appeals.title')}</h2>
      <div className={styles.filters}>
        <FilterSelect<AppealStatus | ''>
          label={t('queue.filter')}
          value={status}
          options={[{ value: '', label: t('status.all') }, ...APPEAL_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))]}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>
      <Listing query={appeals} empty={t('appeals.empty')} page={page} onPage={setPage}>
        {(results) => (
          <ol className={styles.list}>
            {results.map((a) => (
              <AppealCard key={a.id} appeal={a} />
            ))}
          </ol>
        )}
      </Listing>
    </section>
  );
}

function AppealCard({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('moderation');
  const decide = useDecide();
  const [error, setError] = useState('');
  const send = async (decision: 'uphold' | 'reverse') => {
    setError('');
    try {
      await decide.mutateAsync({ id: appeal.id, decision });
    } catch (err) {
      setError(err instanceof ApiError ? Object.values(err.fields).flat().join(' ') || err.message : t('failed'));
    }
  };
  return (
    <li className={styles.card} data-testid="appeal" data-status={appeal.status}>
      <Subject target={appeal.target} subject={appeal.subject} />
      <span className={styles.meta}>
        <span>{t('appeals.by', { name: appeal.appellant.name })}</span>
        <span>{t('appeals.action', { action: t(`actions.${appeal.action}`) })}</span>
        <span className={styles.badge}>{t(`status.${appeal.status}`)}</span>
      </span>
      {appeal.note && <p className={styles.hint}>{t('appeals.note', { note: appeal.note })}</p>}
      <p className={styles.quote}>{appeal.text}</p>
      {appeal.status === 'open' && (
        <>
          {appeal.action === 'remove' && <p className={styles.hint}>{t('appeals.removeNote')}</p>}
          <div className={styles.actions}>
            <button type="button" className="btn small secondary" disabled={decide.isPending} onClick={() => send('uphold')} data-testid="decide-uphold">
              {t('decisions.uphold')}
            </button>
            {appeal.action !== 'remove' && (
              <button type="button" className="btn small" disabled={decide.isPending} onClick={() => send('reverse')} data-testid="decide-reverse">
                {t('decisions.reverse')}
              </button>
            )}
          </div>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
