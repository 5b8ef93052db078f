import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormAlert, FormField, FormSuccess } from '../../../ui/FormField.tsx';
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

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert([]);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, ['email'], t('errors.generic')));
      focusInvalid();
    }
  }, focusInvalid);

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('reset.title')}</h1>
      {sent ? (
        <FormSuccess>{t('reset.sent')}</FormSuccess>
      ) : (
        <>
          <p className={styles.intro}>{t('reset.intro')}</p>
          <FormAlert messages={alert} />
          <form ref={formRef} onSubmit={onSubmit} noValidate>
            <FormField id="reset-email" label={t('fields.email')} error={errors.email?.message}>
              {(control) => <input type="email" autoComplete="email" {...control} {...register('email', { required: t('errors.required') })} />}
            </FormField>
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
