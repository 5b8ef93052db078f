import { GRACE_MINUTES_MAX, INVITE_STATUSES, JURY_STATEMENT_MAX } from '@axoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from '../admin/admin.module.css';
import { type InviteDetail, inviteKeys, questionsQuery, saveInvite } from '../api/invites.ts';
import { ImageField } from './ImageField.tsx';
import { dateBounds, emptyInvite, type InviteValues, payloadOf, valuesOf } from './invite-form.ts';
import { QuestionsField } from './QuestionsField.tsx';

type Props = { invite: InviteDetail | null; mode: 'staff' | 'owner'; onDone: (saved: InviteDetail | null) => void };

/**
 * Create or edit an invite with its questions. Staff (the console) choose the owner and the status; an owner
 * ("Start an open call", issue #19) writes the rest, and the server keeps the rules of what they may change.
 * An invite being edited waits for its questions; the values then live in a react-hook-form form.
 */
export function InviteForm({ invite, mode, onDone }: Props) {
  const questions = useQuery({ ...questionsQuery(invite?.id ?? 0), enabled: invite !== null });
  const [initial, setInitial] = useState<InviteValues | null>(invite ? null : emptyInvite);
  if (initial === null) {
    if (!invite || questions.isPending) return <Spinner />;
    setInitial(valuesOf(invite, questions.data ?? []));
    return <Spinner />;
  }
  return <InviteFormFields invite={invite} mode={mode} onDone={onDone} initial={initial} />;
}

function InviteFormFields({ invite, mode, onDone, initial }: Props & { initial: InviteValues }) {
  const staff = mode === 'staff';
  const { t } = useTranslation('invites');
  const { t: c } = useTranslation('calls');
  const client = useQueryClient();
  const form = useForm<InviteValues>({ defaultValues: initial });
  const values = form.watch();
  const { errors, isSubmitting: busy } = form.formState;
  const [saved, setSaved] = useState(false);

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit(async (current) => {
    form.clearErrors();
    setSaved(false);
    try {
      const answer = await saveInvite(invite?.id ?? null, payloadOf(current, invite, staff));
      await client.invalidateQueries({ queryKey: inviteKeys.all() });
      setSaved(true);
      onDone(answer);
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 ? err.fields : { non_field_errors: [t('common:error.generic')] };
      for (const [name, messages] of Object.entries(fields)) {
        // A question's passing answer (issue #33.1) is its row's yes/no select.
        const path = name === 'non_field_errors' ? 'root.server' : (name.replace(/\.required_answer$/, '.pass') as Path<InviteValues>);
        form.setError(path, { type: 'server', message: messages.join(' ') });
      }
      focusInvalid();
    }
  }, focusInvalid);

  // Each field's messages under `invite-${name}-error`, which its control names (ui/FormField.tsx fieldControl).
  const messagesOf = (name: keyof InviteValues) => {
    const message = errors[name]?.message;
    return message ? [message] : undefined;
  };
  const fieldError = (name: keyof InviteValues) => <FieldError for={`invite-${name}`} messages={messagesOf(name)} />;
  const control = (name: keyof InviteValues) => ({ ...fieldControl(`invite-${name}`, messagesOf(name)), ...form.register(name) });
  const rootError = errors.root?.server?.message;
  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate data-testid="invite-form">
      {/* The owner's pages have no other heading: theirs is the h1; in the staff console it sits under the console's. */}
      {staff ? <h2>{invite ? t('admin.edit') : t('admin.new')}</h2> : <h1>{invite ? t('own.editTitle') : t('own.startTitle')}</h1>}
      {!staff && !invite && <p className={styles.hint}>{t('own.startHint')}</p>}
      {rootError && (
        <p className="form-error" role="alert">
          {rootError}
        </p>
      )}
      {saved && <p className="form-success">{t('admin.saved')}</p>}
      {staff && (
        <div className="field">
          <label htmlFor="invite-owner">{t('admin.owner')}</label>
          <input {...control('owner')} />
          {fieldError('owner')}
        </div>
      )}
      <div className="field">
        <label htmlFor="invite-title">{t('admin.titleField')}</label>
        <input {...control('title')} />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor="invite-subtitle">{t('admin.subtitle')}</label>
        <input {...control('subtitle')} />
        {fieldError('subtitle')}
      </div>
      <div className="field">
        <label htmlFor="invite-description">{t('admin.description')}</label>
        <textarea {...control('description')} />
        {fieldError('description')}
      </div>
      <div className={styles.twoCols}>
        <ImageField label={t('admin.logo')} value={values.logo} onChange={(v) => form.setValue('logo', v)} />
        <ImageField label={t('admin.background')} value={values.background} onChange={(v) => form.setValue('background', v)} />
      </div>
      <div className={styles.threeCols}>
        {staff ? (
          <div className="field">
            <label htmlFor="invite-status">{t('admin.status')}</label>
            <select {...control('status')}>
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
          <input {...control('closed')} type="datetime-local" {...dateBounds} />
          {fieldError('closed')}
        </div>
        <div className="field">
          <label htmlFor="invite-selected">{t('admin.selectedDate')}</label>
          <input {...control('selected')} type="datetime-local" {...dateBounds} />
          {fieldError('selected')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="invite-grace_minutes">{c('editor.grace')}</label>
        <input {...control('grace_minutes')} type="number" min={0} max={GRACE_MINUTES_MAX} inputMode="numeric" />
        <p className={styles.hint}>{c('editor.graceHint')}</p>
        {fieldError('grace_minutes')}
      </div>
      <QuestionsField
        value={values.questions}
        onChange={(next) => form.setValue('questions', next)}
        messages={messagesOf('questions')}
        rows={errors.questions}
      />
      {invite && (
        <div className="field">
          <label htmlFor="invite-jury_statement">{c('editor.statement')}</label>
          <textarea {...control('jury_statement')} maxLength={JURY_STATEMENT_MAX} />
          <p className={styles.hint}>{c('editor.statementHint')}</p>
          {fieldError('jury_statement')}
        </div>
      )}
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
