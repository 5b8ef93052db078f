import { CRITERIA_MAX, CRITERION_NAME_MAX, mediaUrl, SCORE_SCALE_MAX, SCORE_SCALE_MIN, WEIGHT_MAX, WEIGHT_MIN } from '@axoo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import {
  type Criterion,
  type CriterionInput,
  type Judging,
  useCloseRound,
  useDashboard,
  useDeleteCriterion,
  useInviteJuror,
  useJudging,
  usePack,
  useRanking,
  useRemoveJuror,
  useSaveCriterion,
  useSaveSettings,
  useSelectApplication,
  useStartPack,
  useStartRound,
} from '../api/judging.ts';
import styles from './judging.module.css';

const fieldsOf = (e: unknown): Record<string, string[]> => (e instanceof ApiError ? e.fields : {});
const percent = (n: number | null) => (n === null ? '–' : `${Math.round(n * 100)}%`);
const fixed = (n: number | null) => (n === null ? '–' : n.toFixed(2));

function CriterionForm({ invite, criterion, onDone }: { invite: number; criterion?: Criterion; onDone?: () => void }) {
  const { t } = useTranslation('judging');
  const save = useSaveCriterion(invite);
  const empty: CriterionInput = { name_ko: '', name_en: '', description: '', weight: 1 };
  const [values, setValues] = useState<CriterionInput>(criterion ? { ...criterion } : empty);
  const errors = fieldsOf(save.error);
  const set = (k: keyof CriterionInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: k === 'weight' ? Number(e.target.value) : e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...values, id: criterion?.id },
      {
        onSuccess: () => {
          if (!criterion) setValues(empty);
          onDone?.();
        },
      },
    );
  };
  const id = criterion ? `c${criterion.id}` : 'new';
  return (
    <form className={styles.criterionForm} onSubmit={submit} data-testid="criterion-form">
      <label htmlFor={`${id}-ko`}>{t('rubric.nameKo')}</label>
      <input {...fieldControl(`${id}-ko`, errors.name_ko)} value={values.name_ko} maxLength={CRITERION_NAME_MAX} onChange={set('name_ko')} required />
      <FieldError for={`${id}-ko`} messages={errors.name_ko} />
      <label htmlFor={`${id}-en`}>{t('rubric.nameEn')}</label>
      <input {...fieldControl(`${id}-en`, errors.name_en)} value={values.name_en} maxLength={CRITERION_NAME_MAX} onChange={set('name_en')} required />
      <FieldError for={`${id}-en`} messages={errors.name_en} />
      <label htmlFor={`${id}-desc`}>{t('rubric.description')}</label>
      <input id={`${id}-desc`} value={values.description} onChange={set('description')} />
      <label htmlFor={`${id}-weight`}>{t('rubric.weight')}</label>
      <input {...fieldControl(`${id}-weight`, errors.weight)} type="number" min={WEIGHT_MIN} max={WEIGHT_MAX} value={values.weight} onChange={set('weight')} />
      <FieldError for={`${id}-weight`} messages={errors.weight} />
      <FieldError messages={errors.invite ?? errors.non_field_errors} />
      <button type="submit" className="btn small" disabled={save.isPending}>
        {criterion ? t('save') : t('rubric.add')}
      </button>
    </form>
  );
}

function Rubric({ judging }: { judging: Judging }) {
  const { t } = useTranslation('judging');
  const remove = useDeleteCriterion(judging.invite);
  const settings = useSaveSettings(judging.invite);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <section className={styles.section} aria-labelledby="rubric-title">
      <h2 id="rubric-title">{t('rubric.title')}</h2>
      {judging.locked && <p className={styles.muted}>{t('rubric.locked')}</p>}
      <div className={styles.settings}>
        <label htmlFor="scale">{t('rubric.scale')}</label>
        <select
          id="scale"
          value={judging.scale}
          disabled={judging.locked || settings.isPending}
          onChange={(e) => settings.mutate({ scale: Number(e.target.value) })}
        >
          {Array.from({ length: SCORE_SCALE_MAX - SCORE_SCALE_MIN + 1 }, (_, i) => SCORE_SCALE_MIN + i).map((n) => (
            <option key={n} value={n}>
              {t('rubric.scaleOption', { max: n })}
            </option>
          ))}
        </select>
        <label className={styles.check}>
          <input type="checkbox" checked={judging.reveal_names} onChange={(e) => settings.mutate({ reveal_names: e.target.checked })} />
          {t('rubric.reveal')}
        </label>
      </div>
      <ol className={styles.list} data-testid="criteria">
        {judging.criteria.map((c) => (
          <li key={c.id} className={styles.row}>
            {editing === c.id ? (
              <CriterionForm invite={judging.invite} criterion={c} onDone={() => setEditing(null)} />
            ) : (
              <>
                <span className={styles.grow}>
                  <strong>{c.name}</strong> <span className={styles.muted}>{t('weight', { weight: c.weight })}</span>
                  {c.description && <span className={styles.muted}> — {c.description}</span>}
                </span>
                {!judging.locked && (
                  <>
                    <button type="button" className="btn secondary small" onClick={() => setEditing(c.id)}>
                      {t('edit')}
                    </button>
                    <button type="button" className="btn secondary small" onClick={() => remove.mutate(c.id)} aria-label={t('rubric.remove', { name: c.name })}>
                      {t('remove')}
                    </button>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {!judging.locked && judging.criteria.length < CRITERIA_MAX && <CriterionForm invite={judging.invite} />}
    </section>
  );
}

function Jurors({ judging }: { judging: Judging }) {
  const { t } = useTranslation('judging');
  const invite = useInviteJuror(judging.invite);
  const remove = useRemoveJuror(judging.invite);
  const [email, setEmail] = useState('');
  const errors = fieldsOf(invite.error);
  return (
    <section className={styles.section} aria-labelledby="jurors-title">
      <h2 id="jurors-title">{t('jurors.title')}</h2>
      <form
        className={styles.inline}
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate(email, { onSuccess: () => setEmail('') });
        }}
      >
        <label htmlFor="juror-email" className="visually-hidden">
          {t('jurors.email')}
        </label>
        <input
          {...fieldControl('juror-email', errors.email)}
          type="email"
          value={email}
          placeholder={t('jurors.email')}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <button type="submit" className="btn small" disabled={invite.isPending} data-testid="invite-juror">
          {t('jurors.invite')}
        </button>
      </form>
      <FieldError for="juror-email" messages={errors.email} />
      {invite.isSuccess && <p role="status">{t('jurors.sent')}</p>}
      <ul className={styles.list} data-testid="jurors">
        {judging.jurors.map((j) => (
          <li key={j.id} className={`${styles.row} ${j.status === 'removed' ? styles.removed : ''}`}>
            <span className={styles.grow}>
              <strong>{j.name ?? j.email}</strong> <span className={styles.muted}>{j.email}</span>
            </span>
            <span className={styles.badge}>{t(`jurors.status.${j.status}`)}</span>
            <span className={styles.muted}>{t('progress', { scored: j.scored, total: j.total })}</span>
            {j.status !== 'removed' && (
              <button
                type="button"
                className="btn secondary small"
                onClick={() => remove.mutate(j.id)}
                aria-label={t('jurors.remove', { name: j.name ?? j.email })}
              >
                {t('remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RankingTable({ judging }: { judging: Judging }) {
  const { t } = useTranslation('judging');
  const round = judging.round;
  const [shown, setShown] = useState<number | undefined>(undefined);
  const ranking = useRanking(judging.invite, shown);
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

function Dashboard({ invite }: { invite: number }) {
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

function Pack({ invite }: { invite: number }) {
  const { t } = useTranslation('judging');
  const pack = usePack(invite);
  const start = useStartPack(invite);
  const state = pack.data;
  const busy = state?.status === 'queued' || state?.status === 'running';
  return (
    <section className={styles.section} aria-labelledby="pack-title">
      <h2 id="pack-title">{t('pack.title')}</h2>
      <p className={styles.muted}>{t('pack.text')}</p>
      <div className={styles.inline}>
        <button type="button" className="btn small" disabled={busy || start.isPending} onClick={() => start.mutate()} data-testid="make-pack">
          {state?.status === 'done' ? t('pack.again') : t('pack.make')}
        </button>
        {busy && state && (
          <>
            <progress max={Math.max(1, state.total)} value={state.done} aria-label={t('pack.progress', { done: state.done, total: state.total })} />
            <span role="status">{t('pack.progress', { done: state.done, total: state.total })}</span>
          </>
        )}
        {state?.status === 'failed' && <span role="alert">{t('pack.failed')}</span>}
        {state?.status === 'done' && state.url && (
          <a href={state.url} className="btn secondary small" download data-testid="download-pack">
            {t('pack.download')}
          </a>
        )}
      </div>
    </section>
  );
}

/** The owner's and staff's judging of a call (issue #16): rubric, jurors, rounds and ranking, dashboard, juror pack. */
export function JudgingPanel({ inviteId }: { inviteId: number }) {
  const { t } = useTranslation('judging');
  const { data, isPending, isError } = useJudging(inviteId);
  if (isPending) return <Spinner />;
  if (isError || !data) return <p className="empty">{t('loadFailed')}</p>;
  return (
    <div className={styles.panel} data-testid="judging-panel">
      <Rubric judging={data} />
      <Jurors judging={data} />
      <RankingTable judging={data} />
      <Dashboard invite={inviteId} />
      <Pack invite={inviteId} />
    </div>
  );
}
