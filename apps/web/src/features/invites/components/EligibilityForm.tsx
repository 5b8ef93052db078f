import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import type { InviteQuestion } from '../api/invites.ts';
import { checkEligibility } from '../api/calls.ts';
import styles from './invites.module.css';
import calls from './calls.module.css';

type Values = Record<string, 'yes' | 'no' | ''>;

/**
 * Issue #33.1: the call's eligibility questions, yes or no each, sent together; the server's 400 names the question
 * that excludes (shown under it, in the reader's language). A call without any still records that the artist started.
 */
export function EligibilityForm({
  inviteId,
  questions,
  ongoing,
  onPassed,
}: {
  inviteId: number;
  questions: InviteQuestion[];
  ongoing: boolean;
  onPassed: () => void;
}) {
  const { t } = useTranslation('calls');
  const form = useForm<Values>({ defaultValues: Object.fromEntries(questions.map((q) => [`q${q.id}`, ''])) });
  const { errors, isSubmitting } = form.formState;
  const { ref, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit(async (values) => {
    form.clearErrors();
    const answers = Object.fromEntries(questions.map((q) => [String(q.id), values[`q${q.id}`] === 'yes']));
    const unanswered = questions.filter((q) => !values[`q${q.id}`]);
    for (const q of unanswered) form.setError(`q${q.id}`, { type: 'required', message: t('eligibility.answer') });
    if (unanswered.length) return focusInvalid();
    try {
      await checkEligibility(inviteId, answers);
      onPassed();
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 ? err.fields : { root: [t('common:error.generic')] };
      for (const [name, messages] of Object.entries(fields)) {
        const m = /^answers\.(\d+)$/.exec(name);
        form.setError(m ? `q${m[1]}` : 'root.server', { type: 'server', message: messages.join(' ') });
      }
      focusInvalid();
    }
  }, focusInvalid);
  const rootError = errors.root?.server?.message;
  return (
    <form ref={ref} className={styles.application} onSubmit={submit} noValidate data-testid="eligibility">
      <h1 className={styles.stepTitle}>{t('eligibility.title')}</h1>
      <p>{questions.length ? t('eligibility.intro') : t('eligibility.none')}</p>
      {!ongoing && <p className="form-error">{t('eligibility.closed')}</p>}
      {rootError && (
        <p className="form-error" role="alert">
          {rootError}
        </p>
      )}
      {questions.map((q, i) => {
        const message = errors[`q${q.id}`]?.message;
        return (
          <fieldset key={q.id} className={calls.eligibilityQuestion} aria-describedby={message ? `eligibility-${q.id}-error` : undefined}>
            <legend>
              {i + 1}. {q.question}
            </legend>
            <label>
              <input
                type="radio"
                value="yes"
                {...form.register(`q${q.id}`)}
                aria-invalid={message ? true : undefined}
                data-testid={`eligibility-${q.id}-yes`}
              />{' '}
              {t('yes')}
            </label>
            <label>
              <input type="radio" value="no" {...form.register(`q${q.id}`)} aria-invalid={message ? true : undefined} data-testid={`eligibility-${q.id}-no`} />{' '}
              {t('no')}
            </label>
            <FieldError for={`eligibility-${q.id}`} messages={message ? [message] : undefined} />
          </fieldset>
        );
      })}
      <button type="submit" className="btn" disabled={isSubmitting || !ongoing} data-testid="eligibility-submit">
        {t('eligibility.continue')}
      </button>
    </form>
  );
}
