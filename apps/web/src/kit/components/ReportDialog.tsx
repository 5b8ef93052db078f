import { REPORT_DETAIL_MAX, REPORT_REASONS, type ReportReason, type ReportTarget } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Modal } from '../../ui/lazy-modal.tsx';
import { fileReport } from '../api/reports.ts';
import styles from './Report.module.css';

interface Props {
  target: ReportTarget;
  targetId: number;
  /** What is reported, as the dialog names it (the artwork's title, the artist's or call's name). */
  name: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Issue #31: the Report dialog of the artwork overlay, the profile and the open call: a reason (radio), a detail,
 * then the confirmation, or that the viewer's report of it is already with staff.
 */
export default function ReportDialog({ target, targetId, name, open, onClose }: Props) {
  const { t } = useTranslation('report');
  const [sent, setSent] = useState<'new' | 'again' | null>(null);
  const form = useForm<{ reason: ReportReason | ''; detail: string }>({ defaultValues: { reason: '', detail: '' } });
  const errors = form.formState.errors;
  const close = () => {
    onClose();
    setSent(null);
    form.reset();
  };
  const send = form.handleSubmit(async ({ reason, detail }) => {
    if (!reason) return;
    try {
      const answer = await fileReport({ target, target_id: targetId, reason, detail });
      setSent(answer.again ? 'again' : 'new');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const message = Object.values(fields).flat().join(' ') || (err instanceof ApiError ? err.message : t('failed'));
      form.setError('root.server', { message });
    }
  });
  return (
    <Modal open={open} onClose={close} title={t('title', { name })} size="medium" dismissable={sent !== null || !form.formState.isDirty}>
      {sent ? (
        <div className={styles.done} data-testid="report-done" data-state={sent}>
          <p role="status">{sent === 'again' ? t('already') : t('thanks')}</p>
          <button type="button" className="btn" onClick={close}>
            {t('close')}
          </button>
        </div>
      ) : (
        <form onSubmit={send} className={styles.form} noValidate data-testid="report-form">
          <p className={styles.muted}>{t(`explain.${target}`)}</p>
          <fieldset className={styles.reasons} aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
            <legend>{t('reason')}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className={styles.reason}>
                <input type="radio" value={r} {...form.register('reason', { required: t('reasonRequired') })} />
                <span>
                  <strong>{t(`reasons.${r}`)}</strong>
                  <small>{t(`hints.${r}`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {errors.reason && (
            <p id="report-reason-error" className="form-error" role="alert">
              {errors.reason.message}
            </p>
          )}
          <div className="field">
            <label htmlFor="report-detail">{t('detail')}</label>
            <textarea id="report-detail" rows={4} maxLength={REPORT_DETAIL_MAX} placeholder={t('detailHint')} {...form.register('detail')} />
          </div>
          {errors.root?.server && (
            <p className="form-error" role="alert">
              {errors.root.server.message}
            </p>
          )}
          <div className={styles.actions}>
            <button type="button" className="btn secondary" onClick={close}>
              {t('cancel')}
            </button>
            <button type="submit" className="btn danger" disabled={form.formState.isSubmitting} data-testid="report-submit">
              {t('send')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
