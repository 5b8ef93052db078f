import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormAlert, FormSuccess } from '../../../ui/FormField.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { confirmPasswordReset } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { NewPasswordFields } from '../fields.tsx';
import { applyServerErrors } from '../form.ts';

interface Values {
  password: string;
  password_confirm: string;
}
type Status = 'form' | 'loading' | 'successful' | 'expired';

/** SPEC §4 Password reset page: form, loading, successful, expired (a 400 with a token error). */
export default function PasswordResetConfirmPage() {
  const { t } = useTranslation('accounts');
  const { uidb64 = '', token = '' } = useParams();
  const [status, setStatus] = useState<Status>('form');
  const [alert, setAlert] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { password: '', password_confirm: '' } });

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async ({ password }) => {
    setAlert([]);
    setStatus('loading');
    try {
      await confirmPasswordReset({ uidb64, token, password });
      setStatus('successful');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields.token) {
        setStatus('expired');
        return;
      }
      setStatus('form');
      setAlert(applyServerErrors(err, setError, ['password'], t('errors.generic')));
      focusInvalid();
    }
  }, focusInvalid);

  return (
    <section className="narrow" data-status={status}>
      <h1 className={styles.title}>{t('resetConfirm.title')}</h1>
      {status === 'successful' && (
        <div className={styles.state}>
          <FormSuccess>{t('resetConfirm.successful')}</FormSuccess>
          <Link to="/login/" className="btn">
            {t('resetConfirm.login')}
          </Link>
        </div>
      )}
      {status === 'expired' && (
        <div className={styles.state}>
          <FormAlert messages={[t('resetConfirm.expired')]} />
          <Link to="/accounts/password/reset/" className="btn">
            {t('resetConfirm.requestNew')}
          </Link>
        </div>
      )}
      {(status === 'form' || status === 'loading') && (
        <>
          <p className={styles.intro}>{t('resetConfirm.intro')}</p>
          <FormAlert messages={alert} />
          {/* Loading keeps the form in place (disabled) so a server field error can focus its field. */}
          <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={status === 'loading'}>
            <fieldset disabled={status === 'loading'} className={styles.fieldset}>
              <NewPasswordFields idPrefix="reset" register={register} errors={errors} />
              <button type="submit" className={`btn ${styles.submit}`}>
                {t('resetConfirm.submit')}
              </button>
            </fieldset>
            {status === 'loading' && (
              <div className={styles.state}>
                <Spinner />
                <p>{t('resetConfirm.loading')}</p>
              </div>
            )}
          </form>
        </>
      )}
    </section>
  );
}
