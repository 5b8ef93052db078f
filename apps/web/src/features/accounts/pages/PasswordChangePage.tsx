import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CurrentUser, useCurrentUser } from '../../../site.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormAlert, FormField, FormSuccess } from '../../../ui/FormField.tsx';
import { changePassword } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { NewPasswordFields } from '../fields.tsx';
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

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async ({ old_password, password }) => {
    setAlert([]);
    setDone(false);
    try {
      await changePassword(user.id, { old_password, password });
      reset();
      setDone(true);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, ['old_password', 'password'], t('errors.generic')));
      focusInvalid();
    }
  }, focusInvalid);

  const required = { required: t('errors.required') };

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('passwordChange.title')}</h1>
      <FormAlert messages={alert} />
      {done && <FormSuccess>{t('passwordChange.done')}</FormSuccess>}
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormField id="change-old_password" label={t('fields.oldPassword')} error={errors.old_password?.message}>
          {(control) => <input type="password" autoComplete="current-password" {...control} {...register('old_password', required)} />}
        </FormField>
        <NewPasswordFields idPrefix="change" register={register} errors={errors} />
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
