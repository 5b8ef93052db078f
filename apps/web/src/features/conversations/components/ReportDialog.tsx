import { queryKeys, REPORT_REASON_MAX } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { type ConversationMessage, reportMessage } from '../api/conversations.ts';
import styles from '../Inbox.module.css';

/** Report one message of the other person to staff, with an optional reason. */
export function ReportDialog({ conversation, message, onClose }: { conversation: number; message: ConversationMessage | null; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const form = useForm({ defaultValues: { reason: '' } });
  const error = form.formState.errors.root?.server?.message;
  const send = form.handleSubmit(async ({ reason }) => {
    if (!message) return;
    try {
      await reportMessage(conversation, message.id, reason);
      await client.invalidateQueries({ queryKey: queryKeys.conversations.detail(conversation) });
      form.reset();
      onClose();
    } catch (err) {
      form.setError('root.server', { message: err instanceof ApiError ? Object.values(err.fields).flat().join(' ') || err.message : t('thread.failed') });
    }
  });
  return (
    <Modal open={message !== null} onClose={onClose} title={t('report.title')}>
      <form onSubmit={send} className={styles.form}>
        <p className={styles.muted}>{t('report.explain')}</p>
        <div className="field">
          <label htmlFor="report-reason">{t('report.reason')}</label>
          <textarea id="report-reason" rows={4} {...form.register('reason')} maxLength={REPORT_REASON_MAX} />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn secondary" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <button type="submit" className="btn danger" disabled={form.formState.isSubmitting} data-testid="report-send">
            {t('report.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
