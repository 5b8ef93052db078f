import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { useConflicts, useReleaseFeedback } from '../api/fair.ts';
import { fieldsOf } from './api-errors.ts';
import styles from './judging.module.css';

/** Issue #33 for the owner: the conflicts of interest the jurors declared, and releasing feedback after the results. */
export function FairJudging({ invite }: { invite: number }) {
  const { t } = useTranslation('judging');
  const conflicts = useConflicts(invite);
  const release = useReleaseFeedback(invite);
  const errors = fieldsOf(release.error);
  return (
    <section className={styles.section} aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">{t('conflicts.title')}</h2>
      {!conflicts.data?.results.length ? (
        <p className="empty">{t('conflicts.none')}</p>
      ) : (
        <ul className={styles.list} data-testid="conflicts">
          {conflicts.data.results.map((c) => (
            <li key={`${c.juror.id}-${c.application}`} className={styles.row}>
              <span className={styles.grow}>{t('conflicts.row', { juror: c.juror.name ?? c.juror.email, title: c.title })}</span>
              {c.reason && <span className={styles.muted}>{c.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.inline}>
        <button type="button" className="btn small" disabled={release.isPending} onClick={() => release.mutate()} data-testid="release-feedback">
          {t('release.button')}
        </button>
        {release.data && <span role="status">{t('release.done', { count: release.data.applications })}</span>}
      </div>
      <FieldError messages={errors.non_field_errors ?? errors.detail ?? null} />
    </section>
  );
}
