import { mediaUrl, type RankingOrder } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { type Judging, useCloseRound, useRanking, useSelectApplication, useStartRound } from '../api/judging.ts';
import { fieldsOf } from './api-errors.ts';
import styles from './judging.module.css';

const percent = (n: number | null) => (n === null ? '–' : `${Math.round(n * 100)}%`);
const fixed = (n: number | null) => (n === null ? '–' : n.toFixed(2));

/** A round's ranking: closing the round, the shortlist for the next one, and the final selection. */
export function RankingTable({ judging }: { judging: Judging }) {
  const { t } = useTranslation('judging');
  const round = judging.round;
  const [shown, setShown] = useState<number | undefined>(undefined);
  const [by, setBy] = useState<RankingOrder>('mean');
  const ranking = useRanking(judging.invite, shown, by);
  const close = useCloseRound(judging.invite);
  const start = useStartRound(judging.invite);
  const select = useSelectApplication(judging.invite);
  const [top, setTop] = useState(5);
  const [picked, setPicked] = useState<number[]>([]);
  const viewed = ranking.data?.round;
  const closed = viewed?.closed !== null && viewed?.closed !== undefined;
  const latest = viewed?.id === round?.id;
  const errors = fieldsOf(start.error);
  return (
    <section className={styles.section} aria-labelledby="ranking-title">
      <h2 id="ranking-title">{t('ranking.title')}</h2>
      <div className={styles.inline}>
        <label htmlFor="round-shown">{t('ranking.round')}</label>
        <select id="round-shown" value={shown ?? round?.number ?? 1} onChange={(e) => setShown(Number(e.target.value))}>
          {judging.rounds.map((r) => (
            <option key={r.id} value={r.number}>
              {t('ranking.roundOption', { n: r.number, state: r.closed ? t('ranking.closed') : t('ranking.open') })}
            </option>
          ))}
        </select>
        <label htmlFor="ranking-by">{t('ranking.by')}</label>
        <select id="ranking-by" value={by} onChange={(e) => setBy(e.target.value as RankingOrder)} data-testid="ranking-by">
          <option value="mean">{t('ranking.mean')}</option>
          <option value="normalized">{t('ranking.normalized')}</option>
        </select>
        {latest && round && !round.closed && (
          <button type="button" className="btn small" disabled={close.isPending} onClick={() => close.mutate(round.id)} data-testid="close-round">
            {t('ranking.close')}
          </button>
        )}
      </div>
      {ranking.isPending ? (
        <Spinner />
      ) : !ranking.data?.results.length ? (
        <p className="empty">{t('ranking.none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="ranking">
            <caption className="visually-hidden">{t('ranking.caption', { n: viewed?.number ?? 1 })}</caption>
            <thead>
              <tr>
                {latest && closed && <th scope="col">{t('ranking.pick')}</th>}
                <th scope="col">#</th>
                <th scope="col">{t('ranking.submission')}</th>
                <th scope="col">{t('ranking.mean')}</th>
                <th scope="col">{t('ranking.normalized')}</th>
                <th scope="col">{t('ranking.sd')}</th>
                <th scope="col">{t('ranking.jurors')}</th>
                <th scope="col">{t('ranking.agreement')}</th>
                <th scope="col">{t('ranking.selection')}</th>
              </tr>
            </thead>
            <tbody>
              {ranking.data.results.map((r, i) => (
                <tr key={r.application} data-testid="ranking-row">
                  {latest && closed && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('ranking.pickOne', { title: r.title })}
                        checked={picked.includes(r.application)}
                        onChange={(e) => setPicked((p) => (e.target.checked ? [...p, r.application] : p.filter((x) => x !== r.application)))}
                      />
                    </td>
                  )}
                  <td>{i + 1}</td>
                  <td className={styles.titleCell}>
                    {r.cover && <img src={mediaUrl(r.cover, 156)} alt="" width={48} height={33} loading="lazy" />}
                    <span>{r.title}</span>
                    {r.shortlisted && <span className={styles.badge}>{t('ranking.shortlisted')}</span>}
                    {r.conflicts > 0 && <span className={styles.muted}>{t('ranking.conflicts', { count: r.conflicts })}</span>}
                    {r.removed_scores > 0 && <span className={styles.muted}>{t('ranking.removedScores', { count: r.removed_scores })}</span>}
                  </td>
                  <td>{fixed(r.mean)}</td>
                  <td>{fixed(r.normalized)}</td>
                  <td>{fixed(r.sd)}</td>
                  <td>{t('ranking.count', { jurors: r.jurors, scores: r.scores })}</td>
                  <td>{percent(r.agreement)}</td>
                  <td>
                    <button
                      type="button"
                      className={`btn small ${r.selected ? '' : 'secondary'}`}
                      aria-pressed={r.selected}
                      disabled={select.isPending}
                      onClick={() => select.mutate({ application: r.application, selected: !r.selected })}
                      data-testid="select-final"
                    >
                      {r.selected ? t('ranking.selected') : t('ranking.select')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {latest && closed && (
        <div className={styles.shortlist}>
          <form
            className={styles.inline}
            onSubmit={(e) => {
              e.preventDefault();
              start.mutate({ top }, { onSuccess: () => setShown(undefined) });
            }}
          >
            <label htmlFor="top-n">{t('ranking.topN')}</label>
            <input id="top-n" type="number" min={1} value={top} onChange={(e) => setTop(Number(e.target.value))} className={styles.small} />
            <button type="submit" className="btn small" disabled={start.isPending} data-testid="shortlist-top">
              {t('ranking.startTop')}
            </button>
          </form>
          <button
            type="button"
            className="btn secondary small"
            disabled={!picked.length || start.isPending}
            onClick={() => start.mutate({ applications: picked }, { onSuccess: () => setPicked([]) })}
          >
            {t('ranking.startPicked', { count: picked.length })}
          </button>
          <FieldError messages={[...(errors.top ?? []), ...(errors.applications ?? []), ...(errors.invite ?? []), ...(errors.non_field_errors ?? [])]} />
        </div>
      )}
    </section>
  );
}
