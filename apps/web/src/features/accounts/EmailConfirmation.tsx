import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../site.ts';
import { FormAlert, FormSuccess } from '../../ui/FormField.tsx';
import { resendEmailConfirmation } from './api/accounts.ts';
import { applyServerErrors } from './form.ts';
import styles from './accounts.module.css';

/**
 * Issue #33.7 in the account settings: whether the account's address is confirmed (voting needs it) and, when it is
 * not, a button that mails another link (the server allows a few an hour and says how long to wait).
 */
export function EmailConfirmation({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('accounts');
  const resend = useMutation({ mutationFn: resendEmailConfirmation });
  const failed = resend.error ? applyServerErrors(resend.error, () => undefined, [], t('errors.generic')) : [];
  if (user.email_confirmed)
    return (
      <p className={styles.confirmed} data-testid="email-confirmed">
        {t('emailConfirm.confirmed')}
      </p>
    );
  return (
    <div className={styles.unconfirmed} data-testid="email-unconfirmed">
      <p>{t('emailConfirm.unconfirmed')}</p>
      <button type="button" className="btn small secondary" disabled={resend.isPending} onClick={() => resend.mutate()} data-testid="email-resend">
        {t('emailConfirm.resend')}
      </button>
      {resend.data && <FormSuccess>{resend.data.detail}</FormSuccess>}
      <FormAlert messages={failed} />
    </div>
  );
}
