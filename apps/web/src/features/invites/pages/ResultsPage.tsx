import { invitePath, mediaUrl } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { formatNumber } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { SiteShareLinks } from '../../../kit/components/ShareLinks.tsx';
import { useResults } from '../api/calls.ts';
import styles from '../components/invites.module.css';
import calls from '../components/calls.module.css';
import { useFormatDate } from '../components/status.ts';

/**
 * Issue #33.8: a call's published results — the jury's statement by its owner, how many entries and jurors, and each
 * selected entry as it was sent with a link to its artist. Share previews come from the server (`fair/wiring.ts`).
 */
export default function ResultsPage() {
  const { t, i18n } = useTranslation('calls');
  const inviteId = Number(useParams().id);
  const results = useResults(inviteId);
  const format = useFormatDate();
  if (results.isPending) return <Spinner />;
  if (!results.data) {
    const early = results.error instanceof ApiError && results.error.status === 403;
    return (
      <section className="page">
        <h1 className="empty not-found">{early ? t('results.notYet') : t('common:error.notFound')}</h1>
        <Link to={invitePath(inviteId)}>{t('backToCall')}</Link>
      </section>
    );
  }
  const r = results.data;
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <article className={`page ${calls.results}`} data-testid="results">
      <p className={styles.muted}>{t('results.kicker')}</p>
      <h1 className={styles.heroTitle}>{r.title}</h1>
      {r.subtitle && <p>{r.subtitle}</p>}
      <p className={calls.resultsFigures} data-testid="results-figures">
        {t('results.figures', { selected: n(r.results.length), entries: n(r.entries), count: r.jurors })}
        {r.selected_at && ` · ${format(r.selected_at)}`}
      </p>
      {r.statement && (
        <section className={calls.statement} aria-labelledby="jury-statement">
          <h2 id="jury-statement">{t('results.statement')}</h2>
          <p data-testid="jury-statement">{r.statement}</p>
        </section>
      )}
      <h2>{t('results.selected')}</h2>
      {r.results.length === 0 ? (
        <p className={styles.muted}>{t('results.none')}</p>
      ) : (
        <ul className={calls.resultsGrid}>
          {r.results.map((entry) => (
            <li key={entry.application} className={calls.resultCard} data-testid="result-entry">
              {entry.cropped_cover || entry.cover ? <img src={mediaUrl(entry.cropped_cover || entry.cover, 624)} alt="" loading="lazy" /> : <div />}
              <strong>{entry.title || t('results.untitled')}</strong>
              {entry.artist && (
                <Link to={`/${entry.artist.slug}/`} data-testid="result-artist">
                  {entry.artist.name}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actionsRow}>
        <Link to={invitePath(inviteId)} className="btn secondary">
          {t('backToCall')}
        </Link>
        <SiteShareLinks path={`/goodluck/${inviteId}/results/`} title={r.title} />
      </div>
    </article>
  );
}
