import { MESSAGE_BODY_MAX, queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { sendMessage } from '../api/conversations.ts';
import styles from '../Inbox.module.css';

/** The answer box under a conversation; its message stays until the next send. */
export function Reply({ id }: { id: number }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const form = useForm({ defaultValues: { body: '' } });
  const error = form.formState.errors.root?.server?.message;
  const busy = form.formState.isSubmitting;
  const send = form.handleSubmit(async ({ body }) => {
    if (!body.trim()) return form.setError('root.server', { message: t('contact.required') });
    try {
      await sendMessage(id, body);
      form.reset();
      await client.invalidateQueries({ queryKey: queryKeys.conversations.all() });
    } catch (err) {
      form.setError('root.server', { message: err instanceof ApiError ? err.detail || Object.values(err.fields).flat().join(' ') : t('thread.failed') });
    }
  });
  return (
    <form onSubmit={send} className={styles.reply} noValidate>
      <label htmlFor="reply-body" className="visually-hidden">
        {t('thread.reply')}
      </label>
      <textarea
        id="reply-body"
        rows={3}
        {...form.register('body')}
        maxLength={MESSAGE_BODY_MAX}
        placeholder={t('thread.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby="reply-error"
        data-testid="reply-body"
      />
      <div className={styles.replyFoot}>
        <div id="reply-error" className={styles.replyError}>
          {error && (
            <p className="form-error" role="alert" data-testid="reply-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn" disabled={busy} data-testid="reply-send">
          {busy ? t('contact.sending') : t('thread.send')}
        </button>
      </div>
    </form>
  );
}
