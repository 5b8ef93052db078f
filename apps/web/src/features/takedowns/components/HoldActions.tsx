import { HOLD_TEXT_MAX, REPORT_DETAIL_MAX } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormField, FormSuccess } from '../../../ui/FormField.tsx';
import { answerHold, explainHold, type Hold } from '../api/takedowns.ts';
import styles from '../takedowns.module.css';
import { placeServerErrors } from './server-errors.ts';
import { RootError } from './Statement.tsx';

const refresh = (client: ReturnType<typeof useQueryClient>, hold: Hold) => client.setQueryData(['holds', 'artwork', hold.artwork.id], hold);

/** The uploader's explanation of a held work (kept for staff; a later one replaces it). */
export function ExplainForm({ hold }: { hold: Hold }) {
  const { t } = useTranslation('takedowns');
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<{ text: string }>({ defaultValues: { text: hold.explanation ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const { ref, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit(async (v) => {
    setSaved(false);
    try {
      refresh(client, await explainHold(hold.id, v.text));
      setSaved(true);
    } catch (error) {
      placeServerErrors(form, error, ['text'], t('hold.failed'));
      focusInvalid();
    }
  }, focusInvalid);
  return (
    <form ref={ref} onSubmit={submit} noValidate className={styles.form} data-testid="explain-form">
      <FormField
        id="hold-explanation"
        label={t('hold.explanation')}
        error={errors.text?.message}
        hint={t('hold.explanationHint')}
        hintId="hold-explanation-hint"
      >
        {(c) => <textarea {...c} rows={5} maxLength={HOLD_TEXT_MAX} {...form.register('text', { required: { value: true, message: t('policy.required') } })} />}
      </FormField>
      <RootError message={errors.root?.message} />
      {saved && <FormSuccess>{t('hold.explained')}</FormSuccess>}
      <button type="submit" className="btn" disabled={isSubmitting} data-testid="explain-send">
        {t('hold.explain')}
      </button>
    </form>
  );
}

/** A matched artist's answer: "mine, I allowed it" or a report (with an optional detail for staff). */
export function AnswerForm({ hold }: { hold: Hold }) {
  const { t } = useTranslation('takedowns');
  const client = useQueryClient();
  const form = useForm<{ detail: string }>({ defaultValues: { detail: '' } });
  const { errors, isSubmitting } = form.formState;
  const send = (answer: 'allowed' | 'report') =>
    form.handleSubmit(async (v) => {
      try {
        refresh(client, await answerHold(hold.id, { answer, detail: v.detail }));
      } catch (error) {
        placeServerErrors(form, error, ['detail'], t('hold.failed'));
      }
    });
  return (
    <form onSubmit={(e) => e.preventDefault()} noValidate className={styles.form} data-testid="answer-form">
      <FormField id="hold-detail" label={t('hold.reportDetail')} error={errors.detail?.message}>
        {(c) => <textarea {...c} rows={3} maxLength={REPORT_DETAIL_MAX} {...form.register('detail')} />}
      </FormField>
      <RootError message={errors.root?.message} />
      <div className={styles.actions}>
        <button type="button" className="btn" disabled={isSubmitting} onClick={send('allowed')} data-testid="hold-allow">
          {t('hold.allow')}
        </button>
        <button type="button" className="btn danger" disabled={isSubmitting} onClick={send('report')} data-testid="hold-report">
          {t('hold.report')}
        </button>
      </div>
    </form>
  );
}
