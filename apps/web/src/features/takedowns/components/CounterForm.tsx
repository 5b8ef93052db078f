import { TAKEDOWN_TEXT_MAX } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { sendCounter } from '../api/takedowns.ts';
import styles from '../takedowns.module.css';
import { placeServerErrors } from './server-errors.ts';
import { RootError, Statement } from './Statement.tsx';

interface Values {
  text: string;
  good_faith: boolean;
}

/** The uploader's one counter-notice to a notice whose temporary measure is in place (issue #31). */
export function CounterForm({ id, artworkId }: { id: number; artworkId: number }) {
  const { t } = useTranslation('takedowns');
  const client = useQueryClient();
  const form = useForm<Values>({ defaultValues: { text: '', good_faith: false } });
  const { errors, isSubmitting } = form.formState;
  const { ref, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit(async (v) => {
    try {
      await sendCounter(id, { text: v.text, good_faith: v.good_faith as true });
      await client.invalidateQueries({ queryKey: ['takedowns', 'artwork', artworkId] });
    } catch (error) {
      placeServerErrors(form, error, ['text', 'good_faith'], t('hold.failed'));
      focusInvalid();
    }
  }, focusInvalid);
  const field = `counter-${id}`;
  return (
    <form ref={ref} onSubmit={submit} noValidate className={styles.form} data-testid="counter-form">
      <h3>{t('notices.counterTitle')}</h3>
      <FormField id={`${field}-text`} label={t('notices.counterText')} error={errors.text?.message} hint={t('notices.counterHint')} hintId={`${field}-hint`}>
        {(c) => (
          <textarea {...c} rows={5} maxLength={TAKEDOWN_TEXT_MAX} {...form.register('text', { required: { value: true, message: t('policy.required') } })} />
        )}
      </FormField>
      <Statement id={`${field}-good-faith`} label={t('notices.counterGoodFaith')} error={errors.good_faith?.message} field={form.register('good_faith')} />
      <RootError message={errors.root?.message} />
      <button type="submit" className="btn" disabled={isSubmitting} data-testid="counter-send">
        {t('notices.counterSend')}
      </button>
    </form>
  );
}
