import { TAKEDOWN_NAME_MAX, TAKEDOWN_TEXT_MAX, TAKEDOWN_URL_MAX } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormField, FormSuccess } from '../../../ui/FormField.tsx';
import { sendTakedown } from '../api/takedowns.ts';
import styles from '../takedowns.module.css';
import { placeServerErrors } from './server-errors.ts';
import { RootError, Statement } from './Statement.tsx';

interface Values {
  name: string;
  email: string;
  work_url: string;
  original: string;
  good_faith: boolean;
}
const FIELDS = ['name', 'email', 'work_url', 'original', 'good_faith'] as const;

/** Issue #31: a rights holder's notice (no account): name, e-mail, the work here, their own, the good-faith statement. */
export function TakedownForm() {
  const { t } = useTranslation('takedowns');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { name: '', email: '', work_url: '', original: '', good_faith: false } });
  const { errors, isSubmitting } = form.formState;
  const { ref, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit(async (v) => {
    try {
      await sendTakedown({ ...v, good_faith: v.good_faith as true });
      setSent(v.email);
    } catch (error) {
      placeServerErrors(form, error, FIELDS, t('policy.failed'));
      focusInvalid();
    }
  }, focusInvalid);
  if (sent) return <FormSuccess>{t('policy.sent', { email: sent })}</FormSuccess>;
  const required = { value: true, message: t('policy.required') };
  return (
    <form ref={ref} onSubmit={submit} noValidate className={styles.form} data-testid="takedown-form">
      <FormField id="takedown-name" label={t('policy.name')} error={errors.name?.message}>
        {(c) => <input {...c} autoComplete="name" maxLength={TAKEDOWN_NAME_MAX} {...form.register('name', { required })} />}
      </FormField>
      <FormField id="takedown-email" label={t('policy.email')} error={errors.email?.message} hint={t('policy.emailHint')} hintId="takedown-email-hint">
        {(c) => <input {...c} type="email" autoComplete="email" {...form.register('email', { required })} />}
      </FormField>
      <FormField id="takedown-url" label={t('policy.workUrl')} error={errors.work_url?.message} hint={t('policy.workUrlHint')} hintId="takedown-url-hint">
        {(c) => <input {...c} type="url" maxLength={TAKEDOWN_URL_MAX} {...form.register('work_url', { required })} />}
      </FormField>
      <FormField
        id="takedown-original"
        label={t('policy.original')}
        error={errors.original?.message}
        hint={t('policy.originalHint')}
        hintId="takedown-original-hint"
      >
        {(c) => <textarea {...c} rows={4} maxLength={TAKEDOWN_TEXT_MAX} {...form.register('original', { required })} />}
      </FormField>
      <Statement id={'takedown-good-faith'} label={t('policy.goodFaith')} error={errors.good_faith?.message} field={form.register('good_faith')} />
      <RootError message={errors.root?.message} />
      <button type="submit" className="btn" disabled={isSubmitting} data-testid="takedown-send">
        {isSubmitting ? t('policy.sending') : t('policy.send')}
      </button>
    </form>
  );
}
