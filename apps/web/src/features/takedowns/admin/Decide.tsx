import { MODERATION_NOTE_MAX } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../takedowns.module.css';

/** A staff decision: a note (kept in the audit log) and one button per choice; the list reloads after. */
export function Decide<D extends string>({
  id,
  choices,
  act,
  invalidate,
}: {
  id: string;
  choices: { value: D; label: string; danger?: boolean }[];
  act: (decision: D, note: string) => Promise<unknown>;
  invalidate: string[];
}) {
  const { t } = useTranslation('takedowns');
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const decide = async (decision: D) => {
    setBusy(true);
    setFailed(false);
    try {
      await act(decision, note);
      await client.invalidateQueries({ queryKey: invalidate });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.form}>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('admin.note')}</label>
        <textarea id={`${id}-note`} rows={2} maxLength={MODERATION_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {t('admin.failed')}
        </p>
      )}
      <div className={styles.actions}>
        {choices.map((c) => (
          <button
            key={c.value}
            type="button"
            className={`btn small ${c.danger ? 'danger' : 'secondary'}`}
            disabled={busy}
            onClick={() => decide(c.value)}
            data-testid={`decide-${c.value}`}
          >
            {c.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Open / decided tabs of a console list. */
export function StatusTabs<S extends string>({ value, options, onChange }: { value: S; options: { value: S; label: string }[]; onChange: (s: S) => void }) {
  return (
    <div className={styles.actions} role="group">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`btn small ${o.value === value ? '' : 'secondary'}`}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
