import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../kit/components/Pager.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ADMIN_PAGE, decideHold, useAdminHolds } from '../api/takedowns.ts';
import { ImagePair } from '../components/ImagePair.tsx';
import styles from '../takedowns.module.css';
import { Decide, StatusTabs } from './Decide.tsx';

/** The console's repost holds (issue #31): both images side by side, the uploader's explanation, release or remove. */
export default function HoldsAdmin() {
  const { t } = useTranslation('takedowns');
  const [status, setStatus] = useState<'held' | 'released'>('held');
  const [page, setPage] = useState(1);
  const holds = useAdminHolds(status, page);
  return (
    <section aria-labelledby="holds-title" data-testid="holds-admin">
      <h2 id="holds-title">{t('admin.holds')}</h2>
      <StatusTabs
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={[
          { value: 'held', label: t('admin.open') },
          { value: 'released', label: t('admin.decided') },
        ]}
      />
      {holds.isPending ? (
        <Spinner />
      ) : !holds.data?.results.length ? (
        <p className="empty">{t('admin.empty')}</p>
      ) : (
        holds.data.results.map((hold) => (
          <article key={hold.id} className={styles.card} data-testid="hold-row">
            <h3>{t('hold.staffLead', { title: hold.artwork.title, name: hold.artwork.author.name })}</h3>
            {hold.matches.map((m) => (
              <ImagePair key={m.original.id} hold={hold} match={m} />
            ))}
            <p className={styles.meta}>{t('admin.explanation')}</p>
            <p className={styles.quote}>{hold.explanation || t('admin.noExplanation')}</p>
            {hold.status === 'held' && (
              <Decide
                id={`hold-${hold.id}`}
                invalidate={['holds']}
                act={(decision, note) => decideHold(hold.id, decision, note)}
                choices={[
                  { value: 'release', label: t('admin.release') },
                  { value: 'remove', label: t('admin.remove'), danger: true },
                ]}
              />
            )}
          </article>
        ))
      )}
      {holds.data && <Pager count={holds.data.count} page={page} size={ADMIN_PAGE} ns="takedowns" onPage={setPage} />}
    </section>
  );
}
