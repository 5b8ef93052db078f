import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CurrentUser, useCurrentUser } from '../../../site.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { changePassword } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { applyServerErrors } from '../form.ts';

interface Values {
  old_password: string;
  password: string;
  password_confirm: string;
}

/** SPEC §2 Password change: old, new, confirmation; a mismatch blocks submit and focuses the confirmation (§5). */
export default function PasswordChangePage() {
  const { t } = useTranslation('accounts');
  const user = useCurrentUser() as CurrentUser; // behind RequireAuth
  const [alert, setAlert] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { old_password: '', password: '', password_confirm: '' }, shouldFocusError: true });

  const onSubmit = handleSubmit(async ({ old_password, password }) => {
    setAlert([]);
    setDone(false);
    try {
      await changePassword(user.id, { old_password, password });
      reset();
      setDone(true);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, ['old_password', 'password'], t('errors.generic')));
    }
  });

  const required = { required: t('errors.required') };
  const field = (name: keyof Values) => ({
    id: `change-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `change-${name}-error`,
  });
  const error = (name: keyof Values) => <FieldError id={`change-${name}-error`} messages={errors[name]?.message} />;

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('passwordChange.title')}</h1>
      {alert.length > 0 && (
        <div className="form-error" role="alert">
          {alert.join(' ')}
        </div>
      )}
      {done && (
        <div className="form-success" role="status">
          {t('passwordChange.done')}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="change-old_password">{t('fields.oldPassword')}</label>
          <input type="password" autoComplete="current-password" {...field('old_password')} {...register('old_password', required)} />
          {error('old_password')}
        </div>
        <div className="field">
          <label htmlFor="change-password">{t('fields.newPassword')}</label>
          <input type="password" autoComplete="new-password" {...field('password')} {...register('password', required)} />
          <p className={styles.hint}>{t('hints.password')}</p>
          {error('password')}
        </div>
        <div className="field">
          <label htmlFor="change-password_confirm">{t('fields.newPasswordConfirm')}</label>
          <input
            type="password"
            autoComplete="new-password"
            {...field('password_confirm')}
            {...register('password_confirm', { ...required, validate: (value, all) => value === all.password || t('errors.mismatch') })}
          />
          {error('password_confirm')}
        </div>
        <button type="submit" className={`btn ${styles.submit}`} disabled={isSubmitting}>
          {t('passwordChange.submit')}
        </button>
      </form>
      <p className={styles.below}>
        <Link to="/accounts/" className={styles.link}>
          {t('passwordChange.back')}
        </Link>
      </p>
    </section>
  );
}
