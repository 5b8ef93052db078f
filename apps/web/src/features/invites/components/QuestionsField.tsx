import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../ui/FieldError.tsx';
import styles from '../admin/admin.module.css';
import type { InviteValues, QuestionDraft } from './invite-form.ts';

type RowErrors = FieldErrors<InviteValues>['questions'];

/**
 * The call's questions to applicants, in order: each editable and removable, and one more to add. Issue #33.1: a
 * question is free text (answered with the entry) or an eligibility yes/no asked before anything is uploaded, with
 * the answer that lets an artist apply.
 */
export function QuestionsField({
  value,
  onChange,
  messages,
  rows,
}: {
  value: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  messages?: string[];
  rows?: RowErrors;
}) {
  const { t } = useTranslation('invites');
  const { t: c } = useTranslation('calls');
  const change = (i: number, patch: Partial<QuestionDraft>) => onChange(value.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <fieldset className={styles.questions} aria-describedby="invite-questions-error">
      <legend>{t('admin.questions')}</legend>
      <FieldError for="invite-questions" messages={messages} />
      {value.map((q, i) => {
        const rowErrors = rows?.[i];
        const passMessage = rowErrors?.pass?.message;
        return (
          <div className="field" key={q.id ?? `new-${i}`} data-testid="question-row">
            <label htmlFor={`question-${i}`}>{t('admin.question', { n: i + 1 })}</label>
            <div className={styles.questionRow}>
              <input id={`question-${i}`} value={q.question} onChange={(e) => change(i, { question: e.target.value })} />
              <button type="button" className="btn secondary small" onClick={() => onChange(value.filter((_, j) => j !== i))}>
                {t('admin.removeQuestion')}
              </button>
            </div>
            <div className={styles.questionRow}>
              <label htmlFor={`question-${i}-kind`}>{c('editor.kind')}</label>
              <select id={`question-${i}-kind`} value={q.kind} onChange={(e) => change(i, { kind: e.target.value as QuestionDraft['kind'] })}>
                <option value="text">{c('editor.kindText')}</option>
                <option value="eligibility">{c('editor.kindEligibility')}</option>
              </select>
              {q.kind === 'eligibility' && (
                <>
                  <label htmlFor={`question-${i}-pass`}>{c('editor.pass')}</label>
                  <select
                    id={`question-${i}-pass`}
                    value={q.pass}
                    onChange={(e) => change(i, { pass: e.target.value as QuestionDraft['pass'] })}
                    aria-describedby={passMessage ? `question-${i}-pass-error` : undefined}
                  >
                    <option value="yes">{c('yes')}</option>
                    <option value="no">{c('no')}</option>
                  </select>
                </>
              )}
            </div>
            {passMessage && <FieldError for={`question-${i}-pass`} messages={[passMessage]} />}
          </div>
        );
      })}
      <button type="button" className="btn secondary small" onClick={() => onChange([...value, { id: null, question: '', kind: 'text', pass: 'yes' }])}>
        {t('admin.addQuestion')}
      </button>
    </fieldset>
  );
}
