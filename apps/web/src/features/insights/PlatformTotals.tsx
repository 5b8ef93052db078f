import { INSIGHT_WINDOWS, type InsightWindow } from '@axoo/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePlatform } from './api/insights.ts';
import { LineChart } from './components/LineChart.tsx';
import styles from './components/Insights.module.css';

const KEYS = ['signups', 'artworks', 'views', 'collects', 'follows', 'applications'] as const;
const TOKENS: Record<(typeof KEYS)[number], string> = {
  signups: '--text',
  artworks: '--accent',
  views: '--blue-600',
  collects: '--success',
  follows: '--grey-500',
  applications: '--danger',
};

/** Issue #17, the staff console: platform totals per day. */
export default function PlatformTotals() {
  const { t } = useTranslation('insights');
  const [days, setDays] = useState<InsightWindow>(30);
  const platform = usePlatform(days);
  const rows = platform.data ?? [];
  const dayList = useMemo(() => rows.map((r) => r.day), [rows]);
  const series = useMemo(() => KEYS.map((k) => ({ label: t(`platform.${k}`), values: rows.map((r) => r[k]), token: TOKENS[k] })), [rows, t]);
  return (
    <section className={`${styles.page} ${styles.platform}`} aria-labelledby="platform-title" data-testid="platform-totals">
      <div className={styles.header}>
        <h2 id="platform-title">{t('platform.title')}</h2>
        <fieldset className={styles.windows}>
          <legend className="visually-hidden">{t('window')}</legend>
          {INSIGHT_WINDOWS.map((d) => (
            <button key={d} type="button" aria-pressed={d === days} className={d === days ? styles.on : undefined} onClick={() => setDays(d)}>
              {t('days', { count: d })}
            </button>
          ))}
        </fieldset>
      </div>
      {platform.isPending ? (
        <Spinner />
      ) : (
        <>
          <LineChart days={dayList} series={series} height={240} />
          <table>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                {KEYS.map((k) => (
                  <th key={k} scope="col">
                    {t(`platform.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...rows].reverse().map((r) => (
                <tr key={r.day}>
                  <td>{r.day}</td>
                  {KEYS.map((k) => (
                    <td key={k}>{r[k]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
