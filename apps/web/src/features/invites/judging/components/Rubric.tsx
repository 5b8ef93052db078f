import { CRITERIA_MAX, CRITERION_NAME_MAX, SCORE_SCALE_MAX, SCORE_SCALE_MIN, WEIGHT_MAX, WEIGHT_MIN } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFocusInvalid } from '../../../../kit/focus-invalid.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { fieldControl } from '../../../../ui/FormField.tsx';
import { type Criterion, type CriterionInput, type Judging, useDeleteCriterion, useSaveCriterion, useSaveSettings } from '../api/judging.ts';
import { fieldsOf } from './api-errors.ts';
import styles from './judging.module.css';

/** One criterion's names, description and weight (a new one when `criterion` is absent). */
export function CriterionForm({ invite, criterion, onDone }: { invite: number; criterion?: Criterion; onDone?: () => void }) {
  const { t } = useTranslation('judging');
  const empty: CriterionInput = { name_ko: '', name_en: '', description: '', weight: 1 };
  const form = useForm<CriterionInput>({ defaultValues: criterion ? { ...criterion } : empty });
  // A new criterion's form is empty again the moment the server has the last one, before the list shows it.
  const save = useSaveCriterion(invite, () => {
    if (!criterion) form.reset(empty);
  });
  const errors = fieldsOf(save.error);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit((values) => {
    save.mutate({ ...values, id: criterion?.id }, { onSuccess: () => onDone?.(), onError: focusInvalid });
  });
  const id = criterion ? `c${criterion.id}` : 'new';
  return (
    <form ref={formRef} className={styles.criterionForm} onSubmit={submit} data-testid="criterion-form">
      <label htmlFor={`${id}-ko`}>{t('rubric.nameKo')}</label>
      <input {...fieldControl(`${id}-ko`, errors.name_ko)} {...form.register('name_ko')} maxLength={CRITERION_NAME_MAX} required />
      <FieldError for={`${id}-ko`} messages={errors.name_ko} />
      <label htmlFor={`${id}-en`}>{t('rubric.nameEn')}</label>
      <input {...fieldControl(`${id}-en`, errors.name_en)} {...form.register('name_en')} maxLength={CRITERION_NAME_MAX} required />
      <FieldError for={`${id}-en`} messages={errors.name_en} />
      <label htmlFor={`${id}-desc`}>{t('rubric.description')}</label>
      <input id={`${id}-desc`} {...form.register('description')} />
      <label htmlFor={`${id}-weight`}>{t('rubric.weight')}</label>
      <input
        {...fieldControl(`${id}-weight`, errors.weight)}
        type="number"
        min={WEIGHT_MIN}
        max={WEIGHT_MAX}
        {...form.register('weight', { setValueAs: Number })}
      />
      <FieldError for={`${id}-weight`} messages={errors.weight} />
      <FieldError messages={errors.invite ?? errors.non_field_errors} />
      <button type="submit" className="btn small" disabled={save.isPending}>
        {criterion ? t('save') : t('rubric.add')}
      </button>
    </form>
  );
}

/** The rubric: the score scale, whether jurors see names, and the criteria (locked once scoring began). */
export function Rubric({ judging }: { judging: Judging }) {
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
