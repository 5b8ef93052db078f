import { useTranslation } from 'react-i18next';
import { useDashboard } from '../api/judging.ts';
import styles from './judging.module.css';

/** Submissions per day and per category, and each juror's progress. */
export function Dashboard({ invite }: { invite: number }) {
  const { t } = useTranslation('judging');
  const { data } = useDashboard(invite);
  if (!data) return null;
  const most = Math.max(1, ...data.per_day.map((d) => d.count));
  return (
    <section className={styles.section} aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">{t('dashboard.title', { count: data.submissions })}</h2>
      <div className={styles.columns}>
        <div>
          <h3>{t('dashboard.perDay')}</h3>
          <ul className={styles.bars} data-testid="per-day">
            {data.per_day.map((d) => (
              <li key={d.day}>
                <span className={styles.barLabel}>{d.day}</span>
                <span className={styles.barTrack}>
                  <span className={styles.barFill} style={{ width: `${(d.count / most) * 100}%` }} />
                </span>
                <span>{d.count}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('dashboard.byCategory')}</h3>
          <ul className={styles.list}>
            {data.by_category.map((c) => (
              <li key={c.category} className={styles.row}>
                <span className={styles.grow}>{c.name || t('dashboard.noCategory')}</span>
                <span>{c.count}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('dashboard.jurors')}</h3>
          <ul className={styles.list}>
            {data.jurors.map((j) => (
              <li key={j.id} className={styles.row}>
                <span className={styles.grow}>{j.name ?? j.email}</span>
                <progress max={Math.max(1, j.total)} value={j.scored} aria-label={t('progress', { scored: j.scored, total: j.total })} />
                <span>{t('progress', { scored: j.scored, total: j.total })}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
