import { artworkPath } from '@axoo/contract';
import { INSIGHT_WINDOWS, type InsightWindow, mediaUrl } from '@axoo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { type CurrentUser, useCurrentUser, useSite } from '../../site.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { insightsCsvUrl, useInsights } from './api/insights.ts';
import { ArtworkNumbers } from './components/ArtworkNumbers.tsx';
import { LineChart } from './components/LineChart.tsx';
import styles from './components/Insights.module.css';

const windowOf = (raw: string | null): InsightWindow => (INSIGHT_WINDOWS.find((d) => String(d) === raw) ?? 30) as InsightWindow;

/** Issue #17: an artist's numbers at /{slug}/insights/ (the owner's own only; anyone else finds nothing here). */
export default function InsightsPage() {
  const { t } = useTranslation('insights');
  const { slug = '' } = useParams();
  const user = useCurrentUser() as CurrentUser; // behind RequireAuth
  if (slug.toLowerCase().replaceAll('.', '') !== user.slug) {
    return (
      <div className={`page ${styles.page}`}>
        <h1 className="visually-hidden">{t('title')}</h1>
        <p className="empty" data-testid="insights-not-found">
          {t('notFound')}
        </p>
      </div>
    );
  }
  return <OwnInsights user={user} />;
}

function OwnInsights({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation('insights');
  const site = useSite();
  const [params, setParams] = useSearchParams();
  const days = windowOf(params.get('days'));
  const artworkParam = Number(params.get('artwork'));
  const artwork = Number.isSafeInteger(artworkParam) && artworkParam > 0 ? artworkParam : null;
  const choose = (next: { days?: InsightWindow; artwork?: number | null }) => {
    const d = next.days ?? days;
    const a = next.artwork === undefined ? artwork : next.artwork;
    setParams(a === null ? { days: String(d) } : { days: String(d), artwork: String(a) }, { replace: true });
  };
  const insights = useInsights(user.id, days);
  const data = insights.data;
  const dayList = useMemo(() => data?.series.map((d) => d.day) ?? [], [data]);
  const charts = useMemo(
    () =>
      data
        ? (['views', 'collects', 'followers'] as const).map((key) => ({
            key,
            series: [
              {
                label: t(`metrics.${key}`),
                values: data.series.map((d) => d[key]),
                token: key === 'views' ? '--text' : key === 'collects' ? '--accent' : '--success',
              },
            ],
          }))
        : [],
    [data, t],
  );
  const format = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'ko-KR', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <div className={`page ${styles.page}`} data-testid="insights">
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.sub}>{t('privacy')}</p>
        </div>
        <div className={styles.controls}>
          <fieldset className={styles.windows}>
            <legend className="visually-hidden">{t('window')}</legend>
            {INSIGHT_WINDOWS.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={d === days}
                className={d === days ? styles.on : undefined}
                onClick={() => choose({ days: d })}
                data-testid={`window-${d}`}
              >
                {t('days', { count: d })}
              </button>
            ))}
          </fieldset>
          <a className="btn secondary" href={insightsCsvUrl(user.id, days)} download data-testid="insights-csv">
            {t('csv')}
          </a>
        </div>
      </header>
      {insights.isPending ? (
        <Spinner />
      ) : insights.isError || !data ? (
        <p className="empty">{t('error')}</p>
      ) : (
        <>
          <dl className={styles.totals}>
            {(['views', 'collects', 'followers'] as const).map((key) => (
              <div key={key} data-testid={`total-${key}`}>
                <dt>{t(`metrics.${key}`)}</dt>
                <dd>{data.totals[key].toLocaleString(i18n.language)}</dd>
              </div>
            ))}
            <div data-testid="total-followers_total">
              <dt>{t('metrics.followersTotal')}</dt>
              <dd>{data.totals.followers_total.toLocaleString(i18n.language)}</dd>
            </div>
          </dl>
          <div className={styles.charts}>
            {charts.map((c) => (
              <section key={c.key} className={styles.card} aria-labelledby={`chart-${c.key}`}>
                <h2 id={`chart-${c.key}`}>{t(`charts.${c.key}`)}</h2>
                <LineChart days={dayList} series={c.series} height={180} />
                <details className={styles.table}>
                  <summary>{t('table')}</summary>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('day')}</th>
                        <th scope="col">{t(`metrics.${c.key}`)}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.series.map((d) => (
                        <tr key={d.day}>
                          <td>{format(d.day)}</td>
                          <td>{d[c.key]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </section>
            ))}
          </div>
          <ArtworkNumbers userId={user.id} days={days} artworks={data.artworks} selected={artwork} onSelect={(id) => choose({ artwork: id })} />
          <div className={styles.columns}>
            <section className={styles.card} aria-labelledby="top-artworks">
              <h2 id="top-artworks">{t('top')}</h2>
              {data.top_artworks.length === 0 ? (
                <p className="empty">{t('none')}</p>
              ) : (
                <ol className={styles.top} data-testid="top-artworks">
                  {data.top_artworks.map((a) => (
                    <li key={a.id}>
                      <Link to={artworkPath(a.id)}>
                        {a.cropped_cover && <img src={mediaUrl(a.cropped_cover, 156)} alt="" width={64} height={45} loading="lazy" />}
                        <span>{a.title}</span>
                      </Link>
                      <span className={styles.figures}>
                        {t('figures', { views: t('viewCount', { count: a.views }), collects: t('collectCount', { count: a.collects }) })}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section className={styles.card} aria-labelledby="referrers">
              <h2 id="referrers">{t('referrers')}</h2>
              {data.referrers.length === 0 ? (
                <p className="empty">{t('none')}</p>
              ) : (
                <ul className={styles.hosts} data-testid="referrers">
                  {data.referrers.map((r) => (
                    <li key={r.host}>
                      <span>{r.host === 'self' ? t('self', { site: site.site_name }) : r.host === '' ? t('direct') : r.host}</span>
                      <strong>{r.views}</strong>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={styles.card} aria-labelledby="applications">
              <h2 id="applications">{t('applications.title')}</h2>
              <dl className={styles.outcomes} data-testid="applications">
                {(['submitted', 'selected', 'pending'] as const).map((k) => (
                  <div key={k}>
                    <dt>{t(`applications.${k}`)}</dt>
                    <dd>{data.applications[k]}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </>
      )}
    </div>
  );
}
