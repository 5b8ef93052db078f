import type { ImportAnswer } from '@axoo/contract/imports';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldError } from '../../ui/FieldError.tsx';
import { useImport } from './hooks/use-import.ts';
import styles from './Upload.module.css';

/** Issue #34 (5): `/upload/import/`: drop a ZIP, follow its progress, see each file's result, publish the drafts together. */
export default function ImportPage() {
  const { t } = useTranslation('upload');
  const state = useImport();
  const [dragging, setDragging] = useState(false);
  const [quiet, setQuiet] = useState(true);
  const drop = (ev: DragEvent<HTMLDivElement>) => {
    ev.preventDefault();
    setDragging(false);
    const file = ev.dataTransfer.files[0];
    if (file) void state.send(file);
  };
  const { current } = state;
  return (
    <div className={styles.importPage} data-testid="import-page">
      <h1>{t('import.title')}</h1>
      <p className={styles.hint}>{t('import.hint')}</p>
      <div
        className={`${styles.dropzone} ${dragging ? styles.dragging : ''}`}
        aria-invalid={state.errors ? true : undefined}
        onDragOver={(ev) => {
          ev.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor="import-file">{t('import.drop')}</label>
        <input
          id="import-file"
          type="file"
          accept=".zip,application/zip"
          disabled={state.busy || state.running}
          aria-describedby={state.errors ? 'import-file-error' : undefined}
          onChange={(ev) => {
            const file = ev.target.files?.[0];
            if (file) void state.send(file);
            ev.target.value = '';
          }}
        />
      </div>
      <FieldError for="import-file" messages={state.errors} />
      {current && <ImportProgress current={current} />}
      {current?.status === 'done' && current.drafts.some((d) => d.draft) && (
        <div className={styles.scheduleActions}>
          <label>
            <input type="checkbox" checked={quiet} onChange={(ev) => setQuiet(ev.target.checked)} /> {t('import.quiet')}
          </label>
          <button type="button" className="btn primary" disabled={state.busy} onClick={() => void state.publish(quiet)} data-testid="import-publish">
            {t('import.publish')}
          </button>
        </div>
      )}
      {state.published && (
        <div role="status" data-testid="import-published">
          <p>{t('import.published', { count: state.published.published.length })}</p>
          {state.published.failed.length > 0 && <p>{t('import.unpublished', { count: state.published.failed.length })}</p>}
        </div>
      )}
    </div>
  );
}

/** The import's progress, its drafts (each opens in the editor) and every file's result. */
function ImportProgress({ current }: { current: ImportAnswer }) {
  const { t } = useTranslation('upload');
  const skipped = current.items.filter((i) => i.status === 'skipped');
  return (
    <section aria-live="polite" data-testid="import-progress">
      <p>{t(`import.status.${current.status}`)}</p>
      <progress max={current.total || 1} value={current.done} aria-label={t('import.progress', { done: current.done, total: current.total })} />
      <p>{t('import.progress', { done: current.done, total: current.total })}</p>
      {current.drafts.length > 0 && (
        <>
          <h2>{t('import.drafts')}</h2>
          <ul className={styles.reviewList}>
            {current.drafts.map((d) => (
              <li key={d.id}>
                <Link to={`/upload/${d.id}/`}>{d.title || t('import.untitled')}</Link>
                <span>{d.draft ? t('import.draft') : t('import.live')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {skipped.length > 0 && (
        <>
          <h2>{t('import.skipped', { count: skipped.length })}</h2>
          <ul className={styles.reviewList} data-testid="import-skipped">
            {skipped.map((i) => (
              <li key={`${i.path}-${i.code}`}>
                <code>{i.path}</code>
                <span>{i.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
