import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldError } from '../../../ui/FieldError.tsx';
import { requestPasswordReset } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { applyServerErrors } from '../form.ts';

/** SPEC §2 Reset request: e-mail; success text in both languages (§8), whether or not the address exists. */
export default function PasswordResetPage() {
  const { t } = useTranslation('accounts');
  const [alert, setAlert] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert([]);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, ['email'], t('errors.generic')));
    }
  });

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('reset.title')}</h1>
      {sent ? (
        <div className="form-success" role="status">
          {t('reset.sent')}
        </div>
      ) : (
        <>
          <p className={styles.intro}>{t('reset.intro')}</p>
          {alert.length > 0 && (
            <div className="form-error" role="alert">
              {alert.join(' ')}
            </div>
          )}
          <form onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor="reset-email">{t('fields.email')}</label>
              <input
                id="reset-email"
                type="email"
                autoComplete="email"
                aria-invalid={Boolean(errors.email)}
                aria-describedby="reset-email-error"
                {...register('email', { required: t('errors.required') })}
              />
              <FieldError id="reset-email-error" messages={errors.email?.message} />
            </div>
            <button type="submit" className={`btn ${styles.submit}`} disabled={isSubmitting}>
              {t('reset.submit')}
            </button>
          </form>
        </>
      )}
      <p className={styles.below}>
        <Link to="/login/" className={styles.link}>
          {t('reset.backToLogin')}
        </Link>
      </p>
    </section>
  );
}
