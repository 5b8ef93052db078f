import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../ui/format.ts';
import { Pager } from '../../../kit/components/Pager.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ADMIN_PAGE, decideTakedown, useAdminTakedowns } from '../api/takedowns.ts';
import styles from '../takedowns.module.css';
import { Decide, StatusTabs } from './Decide.tsx';

/** The console's takedown notices (issue #31): the notice, the counter-notice, remove or restore. */
export default function TakedownsAdmin() {
  const { t, i18n } = useTranslation('takedowns');
  const [status, setStatus] = useState<'open' | 'decided'>('open');
  const [page, setPage] = useState(1);
  const notices = useAdminTakedowns(status, page);
  return (
    <section aria-labelledby="takedowns-title" data-testid="takedowns-admin">
      <h2 id="takedowns-title">{t('admin.takedowns')}</h2>
      <StatusTabs
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={[
          { value: 'open', label: t('admin.open') },
          { value: 'decided', label: t('admin.decided') },
        ]}
      />
      {notices.isPending ? (
        <Spinner />
      ) : !notices.data?.results.length ? (
        <p className="empty">{t('admin.empty')}</p>
      ) : (
        notices.data.results.map((n) => (
          <article key={n.id} className={styles.card} data-testid="takedown-row" data-status={n.status}>
            <h3>
              {t(`notices.status.${n.status}`)}
              {n.artwork && (
                <>
                  {' · '}
                  <Link to={`/artwork/${n.artwork.id}/`}>{n.artwork.title}</Link>
                </>
              )}
            </h3>
            <p className={styles.meta}>
              {t('admin.claimant', { name: n.name, email: n.email })}
              {n.uploader && ` · ${t('admin.uploader')}: ${n.uploader.name}`}
              {n.expires && status === 'open' && ` · ${t('admin.expires', { date: formatDate(n.expires, i18n.language) })}`}
            </p>
            <p className={styles.meta}>{t('notices.original')}</p>
            <p className={styles.quote}>{n.original}</p>
            <p className={styles.meta}>{t('admin.counter')}</p>
            <p className={styles.quote}>{n.counter_text || t('admin.noCounter')}</p>
            {status === 'open' && (
              <Decide
                id={`takedown-${n.id}`}
                invalidate={['takedowns']}
                act={(decision, note) => decideTakedown(n.id, decision, note)}
                choices={[
                  { value: 'restore', label: t('admin.restore') },
                  { value: 'remove', label: t('admin.remove'), danger: true },
                ]}
              />
            )}
          </article>
        ))
      )}
      {notices.data && <Pager count={notices.data.count} page={page} size={ADMIN_PAGE} ns="takedowns" onPage={setPage} />}
    </section>
  );
}
