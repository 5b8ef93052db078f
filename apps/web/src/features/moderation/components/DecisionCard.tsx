import type { ModerationDecision } from '@axoo/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useFileAppeal } from '../api/moderation.ts';
import styles from '../Moderation.module.css';

/**
 * Issue #31: one action on the owner's work or account, with its reason, and the appeal form while it can still be
 * appealed (once per action), or where the appeal stands.
 */
export function DecisionCard({ decision, token, onAppealed }: { decision: ModerationDecision; token?: string | null; onAppealed?: () => void }) {
  const { t, i18n } = useTranslation('moderation');
  const when = new Date(decision.decided).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'ko-KR', { dateStyle: 'medium' });
  return (
    <article className={styles.card} data-testid="decision" data-action={decision.action}>
      <h2>
        {t('owner.what', {
          target: t(`target.${decision.target}`),
          title: decision.title || `#${decision.target_id}`,
          action: t(`actions.${decision.action}`),
        })}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('owner.reason')}</dt>
        <dd className={styles.quote}>{decision.note}</dd>
        <dt>{t('owner.reported')}</dt>
        <dd>{t(`reasons.${decision.reason}`)}</dd>
        <dt>{t('owner.decided')}</dt>
        <dd>{when}</dd>
      </dl>
      {decision.action === 'remove' && <p className={styles.hint}>{t('owner.removed')}</p>}
      {decision.appeal ? (
        <p role="status" data-testid="appeal-state" data-status={decision.appeal.status}>
          {t(`owner.appealState.${decision.appeal.status}`)}
        </p>
      ) : decision.appealable ? (
        <AppealForm report={decision.report} token={token} onAppealed={onAppealed} />
      ) : (
        <p className={styles.hint}>{t('owner.notAppealable')}</p>
      )}
    </article>
  );
}

function AppealForm({ report, token, onAppealed }: { report: number; token?: string | null; onAppealed?: () => void }) {
  const { t } = useTranslation('moderation');
  const file = useFileAppeal();
  const form = useForm({ defaultValues: { text: '' } });
  const id = `appeal-${report}`;
  const error = form.formState.errors.text?.message ?? form.formState.errors.root?.server?.message;
  const send = form.handleSubmit(async ({ text }) => {
    try {
      await file.mutateAsync({ report, text, ...(token ? { token } : {}) });
      onAppealed?.();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      if (fields.text) form.setError('text', { message: [fields.text].flat().join(' ') });
      else form.setError('root.server', { message: Object.values(fields).flat().join(' ') || t('failed') });
    }
  });
  if (file.isSuccess)
    return (
      <p role="status" data-testid="appeal-sent">
        {t('owner.appealSent')}
      </p>
    );
  return (
    <form onSubmit={send} className={styles.section} noValidate data-testid="appeal-form">
      <h3>{t('owner.appealTitle')}</h3>
      <p className={styles.hint}>{t('owner.appealHelp')}</p>
      <div className={`field ${styles.note}`}>
        <label htmlFor={id}>{t('owner.appealText')}</label>
        <textarea
          id={id}
          rows={5}
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('text', { validate: (v) => v.trim().length > 0 || t('owner.appealRequired') })}
        />
        {error && (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn" disabled={form.formState.isSubmitting} data-testid="appeal-send">
          {t('owner.appealSend')}
        </button>
      </div>
    </form>
  );
}
