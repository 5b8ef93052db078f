import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ACCOUNT_SETTINGS_PATH } from '@axoo/contract';
import { ApiError } from '../../../api/client.ts';
import { useCurrentUser } from '../../../site.ts';
import { FormAlert, FormSuccess } from '../../../ui/FormField.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { confirmEmail, useSwitchUser } from '../api/accounts.ts';
import styles from '../accounts.module.css';

/** The shape of a link's token (`<user>-<issued>-<signature>`, domain/users/email-confirmation.ts on the server). */
const TOKEN_SHAPE = /^[1-9]\d{0,9}-[0-9a-z]{1,10}-[\w-]{43}$/;

/**
 * Issue #33.7: the page the confirmation mail links to. Its script confirms (a GET alone changes nothing, so mail
 * scanners that open links confirm nothing); the link works without a login. Done, already used, or invalid or
 * expired (with the way to the settings for a new link).
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('accounts');
  const { token = '' } = useParams();
  const user = useCurrentUser();
  const switchUser = useSwitchUser();
  const confirm = useMutation({
    mutationFn: confirmEmail,
    // A logged-in reader sees their account confirmed everywhere at once.
    onSuccess: () => user && switchUser({ ...user, email_confirmed: true }),
  });
  const { mutate } = confirm;
  // A link cut short is invalid on its face: no request (as the unsubscribe pages do).
  const whole = TOKEN_SHAPE.test(token);
  // One POST per token: a link works once, so a second (StrictMode's rerun of effects) would answer "used".
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!whole || asked.current === token) return;
    asked.current = token;
    mutate(token);
  }, [mutate, token, whole]);
  const refused = !whole
    ? [t('emailConfirm.invalid')]
    : confirm.error instanceof ApiError
      ? (confirm.error.fields.token ?? [confirm.error.detail ?? t('errors.generic')])
      : confirm.error
        ? [t('errors.generic')]
        : [];
  return (
    <section className="narrow" data-status={confirm.status}>
      <h1 className={styles.title}>{t('emailConfirm.title')}</h1>
      {whole && (confirm.isPending || confirm.isIdle) ? (
        <Spinner />
      ) : confirm.data ? (
        <div className={styles.state}>
          <FormSuccess>{confirm.data.detail}</FormSuccess>
          <Link to={user ? ACCOUNT_SETTINGS_PATH : '/login/'} className="btn">
            {user ? t('emailConfirm.toSettings') : t('resetConfirm.login')}
          </Link>
        </div>
      ) : (
        <div className={styles.state}>
          <FormAlert messages={refused} />
          <Link to={user ? ACCOUNT_SETTINGS_PATH : `/login/?redirect=${encodeURIComponent(ACCOUNT_SETTINGS_PATH)}`} className="btn" data-testid="to-settings">
            {t('emailConfirm.toSettings')}
          </Link>
        </div>
      )}
    </section>
  );
}
