import { artworkPath } from '@axoo/contract';
import { type Insights, type InsightWindow, mediaUrl } from '@axoo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useArtworkInsights } from '../api/insights.ts';
import styles from './Insights.module.css';
import { LineChart } from './LineChart.tsx';

/**
 * Issue #17 per-artwork numbers: every artwork with a view or a collect in the window (views, collects), and the
 * chosen one's views and collects per day as a chart (its choice is in the address, `?artwork=`).
 */
export function ArtworkNumbers({
  userId,
  days,
  artworks,
  selected,
  onSelect,
}: {
  userId: number;
  days: InsightWindow;
  artworks: Insights['artworks'];
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t, i18n } = useTranslation('insights');
  const one = useArtworkInsights(userId, selected, days);
  const data = one.data;
  const dayList = useMemo(() => data?.series.map((d) => d.day) ?? [], [data]);
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('metrics.views'), values: data.series.map((d) => d.views), token: '--text' },
            { label: t('metrics.collects'), values: data.series.map((d) => d.collects), token: '--accent' },
          ]
        : [],
    [data, t],
  );
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <section className={styles.card} aria-labelledby="per-artwork" data-testid="per-artwork">
      <h2 id="per-artwork">{t('perArtwork.title')}</h2>
      {selected !== null && (
        <div className={styles.artworkChart} data-testid="artwork-chart">
          {one.isPending ? (
            <Spinner />
          ) : one.isError || !data ? (
            <p className="empty">{t('error')}</p>
          ) : (
            <>
              <div className={styles.artworkChartHead}>
                <h3>{t('perArtwork.chart', { title: data.artwork.title })}</h3>
                <button type="button" className="btn secondary" onClick={() => onSelect(null)}>
                  {t('perArtwork.close')}
                </button>
              </div>
              <LineChart days={dayList} series={series} height={200} />
              <p className={styles.figures}>
                {t('figures', { views: t('viewCount', { count: data.totals.views }), collects: t('collectCount', { count: data.totals.collects }) })}
              </p>
            </>
          )}
        </div>
      )}
      {artworks.length === 0 ? (
        <p className="empty">{t('none')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.perArtwork}>
            <thead>
              <tr>
                <th scope="col">{t('perArtwork.artwork')}</th>
                <th scope="col">{t('metrics.views')}</th>
                <th scope="col">{t('metrics.collects')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('perArtwork.chartColumn')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {artworks.map((a) => (
                <tr key={a.id} data-testid={`artwork-row-${a.id}`}>
                  <th scope="row">
                    <Link to={artworkPath(a.id)}>
                      {a.cropped_cover && <img src={mediaUrl(a.cropped_cover, 156)} alt="" width={48} height={34} loading="lazy" />}
                      <span>{a.title}</span>
                    </Link>
                  </th>
                  <td>{number(a.views)}</td>
                  <td>{number(a.collects)}</td>
                  <td>
                    <button
                      type="button"
                      className={styles.chartButton}
                      aria-pressed={a.id === selected}
                      onClick={() => onSelect(a.id === selected ? null : a.id)}
                      aria-label={t('perArtwork.show', { title: a.title })}
                    >
                      {t('perArtwork.showShort')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
