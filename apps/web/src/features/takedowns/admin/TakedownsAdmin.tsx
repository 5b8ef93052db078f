import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../ui/format.ts';
import { decideTakedown, useAdminTakedowns } from '../api/takedowns.ts';
import styles from '../takedowns.module.css';
import { Decide } from './Decide.tsx';
import { StaffList } from './StaffList.tsx';

/** The console's takedown notices (issue #31): the notice, the counter-notice, remove or restore. */
export default function TakedownsAdmin() {
  const { t, i18n } = useTranslation('takedowns');
  return (
    <StaffList
      name="takedowns"
      title={t('admin.takedowns')}
      statuses={['open', 'decided']}
      useList={useAdminTakedowns}
      row={(n, status) => (
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
      )}
    />
  );
}
