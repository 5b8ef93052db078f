import { AVATAR_WIDTH, DATE_YEAR_MAX, DATE_YEAR_MIN, INVITE_STATUSES, mediaUrl } from '@axoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { uploadImage } from '../../../api/upload.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { INVITE_PRESIGN_PATH, type InviteDetail, type InviteInput, type InviteStatus, inviteKeys, questionsQuery, saveInvite } from '../api/invites.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import styles from '../admin/admin.module.css';

/** ISO date → the value of a datetime-local input, in the browser's zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
/** The years the server takes (contract), as the date pickers' bounds. */
const dateBounds = { min: `${DATE_YEAR_MIN}-01-01T00:00`, max: `${DATE_YEAR_MAX}-12-31T23:59` };

interface QuestionDraft {
  id: number | null;
  question: string;
}

interface FormState extends Omit<InviteInput, 'owner' | 'closed' | 'selected' | 'questions'> {
  owner: string;
  closed: string;
  selected: string;
  questions: QuestionDraft[];
}

const empty: FormState = {
  owner: '',
  title: '',
  subtitle: '',
  description: '',
  logo: '',
  background: '',
  status: 'review',
  closed: '',
  selected: '',
  questions: [],
};

function ImageField({ label, value, onChange }: { label: string; value: string; onChange: (key: string) => void }) {
  const { t } = useTranslation('invites');
  const [busy, setBusy] = useState(false);
  return (
    <div className="field">
      <span className={styles.label}>{label}</span>
      <div className={styles.imageRow}>
        {value && <img src={mediaUrl(value, AVATAR_WIDTH)} alt="" width={78} height={78} className={styles.thumb} />}
        <label className="btn secondary small">
          {busy ? t('edit.uploading') : t('admin.upload')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            // In the Tab order (the label shows its focus ring, issue #21).
            className="visually-hidden"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setBusy(true);
              try {
                onChange((await uploadImage(INVITE_PRESIGN_PATH, file)).filename);
              } finally {
                setBusy(false);
              }
            }}
          />
        </label>
        {value && (
          <button type="button" className="btn secondary small" onClick={() => onChange('')}>
            {t('admin.remove')}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Create or edit an invite with its questions. Staff (the console) choose the owner and the status; an owner
 * ("Start an open call", issue #19) writes the rest, and the server keeps the rules of what they may change.
 */
export function InviteForm({ invite, mode, onDone }: { invite: InviteDetail | null; mode: 'staff' | 'owner'; onDone: (saved: InviteDetail | null) => void }) {
  const staff = mode === 'staff';
  const { t } = useTranslation('invites');
  const client = useQueryClient();
  const questions = useQuery({ ...questionsQuery(invite?.id ?? 0), enabled: invite !== null });
  const [form, setForm] = useState<FormState | null>(invite ? null : empty);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  if (form === null) {
    if (!invite || questions.isPending) return <Spinner />;
    setForm({
      owner: invite.owner ? String(invite.owner.id) : '',
      title: invite.title,
      subtitle: invite.subtitle,
      description: invite.description,
      logo: invite.logo,
      background: invite.background,
      status: invite.status,
      closed: toLocalInput(invite.closed),
      selected: toLocalInput(invite.selected),
      questions: (questions.data ?? []).map((q) => ({ id: q.id, question: q.question })),
    });
    return <Spinner />;
  }
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm({ ...form, [key]: value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(false);
    try {
      const owner = /^\d+$/.test(form.owner.trim()) ? Number(form.owner.trim()) : form.owner.trim();
      const saved = await saveInvite(invite?.id ?? null, {
        ...(staff ? { owner, status: form.status } : {}),
        title: form.title,
        subtitle: form.subtitle,
        description: form.description,
        logo: form.logo,
        background: form.background,
        // A date left as it was is not sent: the input holds minutes, the stored date may hold seconds, and the
        // server's rules (never shorten an open call, a closed call's dates are fixed) judge only a change.
        ...(invite && form.closed === toLocalInput(invite.closed) ? {} : { closed: fromLocalInput(form.closed) }),
        ...(invite && form.selected === toLocalInput(invite.selected) ? {} : { selected: fromLocalInput(form.selected) }),
        // The invite and its whole question list are saved in one transaction.
        questions: form.questions.filter((q) => q.question.trim()).map((q) => (q.id === null ? { question: q.question } : { id: q.id, question: q.question })),
      });
      await client.invalidateQueries({ queryKey: inviteKeys.all() });
      setSaved(true);
      onDone(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setErrors(err.fields);
      else setErrors({ non_field_errors: [t('common:error.generic')] });
    } finally {
      setBusy(false);
    }
  };

  // Each field's messages under `invite-${name}-error`, which its control names (ui/FormField.tsx fieldControl).
  const fieldError = (name: string) => <FieldError for={`invite-${name}`} messages={errors[name]} />;
  const control = (name: string) => fieldControl(`invite-${name}`, errors[name]);
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="invite-form">
      {/* The owner's pages have no other heading: theirs is the h1; in the staff console it sits under the console's. */}
      {staff ? <h2>{invite ? t('admin.edit') : t('admin.new')}</h2> : <h1>{invite ? t('own.editTitle') : t('own.startTitle')}</h1>}
      {!staff && !invite && <p className={styles.hint}>{t('own.startHint')}</p>}
      {errors.non_field_errors && (
        <p className="form-error" role="alert">
          {errors.non_field_errors.join(' ')}
        </p>
      )}
      {saved && <p className="form-success">{t('admin.saved')}</p>}
      {staff && (
        <div className="field">
          <label htmlFor="invite-owner">{t('admin.owner')}</label>
          <input {...control('owner')} value={form.owner} onChange={(e) => set('owner', e.target.value)} />
          {fieldError('owner')}
        </div>
      )}
      <div className="field">
        <label htmlFor="invite-title">{t('admin.titleField')}</label>
        <input {...control('title')} value={form.title} onChange={(e) => set('title', e.target.value)} />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor="invite-subtitle">{t('admin.subtitle')}</label>
        <input {...control('subtitle')} value={form.subtitle} onChange={(e) => set('subtitle', e.target.value)} />
        {fieldError('subtitle')}
      </div>
      <div className="field">
        <label htmlFor="invite-description">{t('admin.description')}</label>
        <textarea {...control('description')} value={form.description} onChange={(e) => set('description', e.target.value)} />
        {fieldError('description')}
      </div>
      <div className={styles.twoCols}>
        <ImageField label={t('admin.logo')} value={form.logo} onChange={(v) => set('logo', v)} />
        <ImageField label={t('admin.background')} value={form.background} onChange={(v) => set('background', v)} />
      </div>
      <div className={styles.threeCols}>
        {staff ? (
          <div className="field">
            <label htmlFor="invite-status">{t('admin.status')}</label>
            <select {...control('status')} value={form.status} onChange={(e) => set('status', e.target.value as InviteStatus)}>
              {INVITE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
            {fieldError('status')}
          </div>
        ) : (
          fieldError('status')
        )}
        <div className="field">
          <label htmlFor="invite-closed">{t('admin.closed')}</label>
          <input {...control('closed')} type="datetime-local" {...dateBounds} value={form.closed} onChange={(e) => set('closed', e.target.value)} />
          {fieldError('closed')}
        </div>
        <div className="field">
          <label htmlFor="invite-selected">{t('admin.selectedDate')}</label>
          <input {...control('selected')} type="datetime-local" {...dateBounds} value={form.selected} onChange={(e) => set('selected', e.target.value)} />
          {fieldError('selected')}
        </div>
      </div>
      <fieldset className={styles.questions} aria-describedby="invite-questions-error">
        <legend>{t('admin.questions')}</legend>
        {fieldError('questions')}
        {form.questions.map((q, i) => (
          <div className="field" key={q.id ?? `new-${i}`}>
            <label htmlFor={`question-${i}`}>{t('admin.question', { n: i + 1 })}</label>
            <div className={styles.questionRow}>
              <input
                id={`question-${i}`}
                value={q.question}
                onChange={(e) =>
                  set(
                    'questions',
                    form.questions.map((x, j) => (j === i ? { ...x, question: e.target.value } : x)),
                  )
                }
              />
              <button
                type="button"
                className="btn secondary small"
                onClick={() =>
                  set(
                    'questions',
                    form.questions.filter((_, j) => j !== i),
                  )
                }
              >
                {t('admin.removeQuestion')}
              </button>
            </div>
          </div>
        ))}
        <button type="button" className="btn secondary small" onClick={() => set('questions', [...form.questions, { id: null, question: '' }])}>
          {t('admin.addQuestion')}
        </button>
      </fieldset>
      <div className={styles.actions}>
        <button type="button" className="btn secondary" onClick={() => onDone(null)}>
          {t('admin.cancel')}
        </button>
        <button type="submit" className="btn" disabled={busy}>
          {t('admin.save')}
        </button>
      </div>
    </form>
  );
}
