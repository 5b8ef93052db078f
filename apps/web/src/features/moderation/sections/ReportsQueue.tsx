import { ACTIONS_ON_TARGET, REPORT_ACTIONS, REPORT_STATUSES, REPORT_TARGETS, type ReportAction, type ReportGroup, type ReportTarget } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { ConfirmDialog } from '../../../ui/lazy-modal.tsx';
import { useAct, useQueue } from '../api/moderation.ts';
import { FilterSelect, Listing } from '../components/Listing.tsx';
import { Subject } from '../components/Subject.tsx';
import styles from '../Moderation.module.css';

/** What each kind of target can have done to it (the contract's table: every action but hide for an account, which is suspended). */
const actionsFor = (target: ReportTarget): readonly ReportAction[] => REPORT_ACTIONS.filter((a) => ACTIONS_ON_TARGET[a].includes(target));

/**
 * Issue #31, the console's queue: reports grouped by target (oldest first), each target shown as its viewers see it,
 * the reporters' reasons, and the actions with the note the owner is told.
 */
export function ReportsQueue() {
  const { t, i18n } = useTranslation('moderation');
  const [status, setStatus] = useState<(typeof REPORT_STATUSES)[number]>('open');
  const [target, setTarget] = useState<ReportTarget | ''>('');
  const [page, setPage] = useState(1);
  const queue = useQueue(status, target, page);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-US' : 'ko-KR', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.section} aria-labelledby="queue-title" data-testid="moderation-queue">
      <h2 id="queue-title">{t('queue.title')}</h2>
      <div className={styles.filters}>
        <FilterSelect
          label={t('queue.filter')}
          value={status}
          options={REPORT_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          testId="queue-status"
        />
        <FilterSelect<ReportTarget | ''>
          label={t('target.label')}
          value={target}
          options={[{ value: '', label: t('target.all') }, ...REPORT_TARGETS.map((v) => ({ value: v, label: t(`target.${v}`) }))]}
          onChange={(v) => {
            setTarget(v);
            setPage(1);
          }}
        />
      </div>
      <Listing query={queue} empty={t('queue.empty')} page={page} onPage={setPage}>
        {(results) => (
          <ol className={styles.list}>
            {results.map((g) => (
              <li key={`${g.id}-${g.status}`} className={styles.card} data-testid="report-group" data-target={g.target} data-target-id={g.target_id}>
                <Subject target={g.target} subject={g.subject} />
                <span className={styles.meta}>
                  <span>{t('queue.reporters', { count: g.reporters })}</span>
                  <span>
                    {t('queue.first')}: <time dateTime={g.first}>{when(g.first)}</time>
                  </span>
                  {g.action && <span className={styles.badge}>{t(`actions.${g.action}`)}</span>}
                </span>
                <details>
                  <summary>{t('queue.reportsOf')}</summary>
                  <ul className={styles.reports}>
                    {g.reports.map((r) => (
                      <li key={r.id}>
                        <strong>{t(`reasons.${r.reason}`)}</strong> · {r.reporter.name}
                        {r.detail && <p>{r.detail}</p>}
                      </li>
                    ))}
                  </ul>
                </details>
                {g.status === 'open' ? <ActionForm group={g} /> : g.note && <p className={styles.quote}>{g.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </Listing>
    </section>
  );
}

/** The note and one button per action; a removal asks first (it cannot be undone). */
function ActionForm({ group }: { group: ReportGroup }) {
  const { t } = useTranslation('moderation');
  const act = useAct();
  const form = useForm({ defaultValues: { note: '' } });
  const [confirming, setConfirming] = useState(false);
  const noteId = `note-${group.id}`;
  const error = form.formState.errors.note?.message ?? form.formState.errors.root?.server?.message;
  const send = (action: ReportAction) =>
    form.handleSubmit(async ({ note }) => {
      setConfirming(false);
      try {
        await act.mutateAsync({ id: group.id, body: { action, note } });
      } catch (err) {
        const fields = err instanceof ApiError ? err.fields : {};
        if (fields.note) form.setError('note', { message: [fields.note].flat().join(' ') });
        else form.setError('root.server', { message: Object.values(fields).flat().join(' ') || t('failed') });
      }
    })();
  return (
    <form className={styles.section} onSubmit={(e) => e.preventDefault()} data-testid="action-form">
      <div className={`field ${styles.note}`}>
        <label htmlFor={noteId}>{t('queue.note')}</label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={1000}
          aria-describedby={`${noteId}-hint${error ? ` ${noteId}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          {...form.register('note')}
        />
        <p id={`${noteId}-hint`} className={styles.hint}>
          {t('queue.noteHint')}
        </p>
        {error && (
          <p id={`${noteId}-error`} className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {actionsFor(group.target).map((action) => (
          <button
            key={action}
            type="button"
            className={`btn small ${action === 'dismiss' ? 'secondary' : action === 'remove' || action === 'suspend' ? 'danger' : ''}`}
            disabled={act.isPending}
            onClick={() => (action === 'remove' ? setConfirming(true) : send(action))}
            data-testid={`act-${action}`}
          >
            {t(`actions.${action}`)}
          </button>
        ))}
      </div>
      {confirming && (
        <ConfirmDialog
          open={confirming}
          title={t('actions.remove')}
          message={t('queue.confirmRemove')}
          confirmLabel={t('actions.remove')}
          cancelLabel={t('common:actions.cancel')}
          onConfirm={() => send('remove')}
          onCancel={() => setConfirming(false)}
          danger
          busy={act.isPending}
        />
      )}
    </form>
  );
}
