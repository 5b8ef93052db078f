import { useTranslation } from 'react-i18next';
import { usePack, useStartPack } from '../api/judging.ts';
import styles from './judging.module.css';

/** The juror pack: making it, its progress, and its download. */
export function Pack({ invite }: { invite: number }) {
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
