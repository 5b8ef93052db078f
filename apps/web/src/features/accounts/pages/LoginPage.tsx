import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { logIn, safeRedirect, useSwitchUser } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { applyServerErrors } from '../form.ts';

interface Values {
  email: string;
  password: string;
}

/** SPEC §2 Login: Email, Password, 'Forget It?', Login; back to the redirect query afterwards. */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const switchUser = useSwitchUser();
  const [alert, setAlert] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '', password: '' } });
  const redirect = safeRedirect(params.get('redirect'));

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async (values) => {
    setAlert([]);
    try {
      const { user } = await logIn(values.email, values.password);
      switchUser(user);
      navigate(redirect, { replace: true });
    } catch (err) {
      // SPEC §8: a failed login reads '아이디 또는 비밀번호를 확인해주세요.'; a rate limit shows the server's words.
      if (err instanceof ApiError && err.status === 400 && err.fields.non_field_errors) setAlert([t('errors.loginFailed')]);
      else setAlert(applyServerErrors(err, setError, ['email', 'password'], t('errors.generic')));
      focusInvalid();
    }
  }, focusInvalid);

  const required = { required: t('errors.required') };
  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('login.title')}</h1>
      <FormAlert messages={alert} />
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <FormField id="login-email" label={t('fields.email')} error={errors.email?.message}>
          {(control) => <input type="email" autoComplete="email" {...control} {...register('email', required)} />}
        </FormField>
        <FormField id="login-password" label={t('fields.password')} error={errors.password?.message}>
          {(control) => <input type="password" autoComplete="current-password" {...control} {...register('password', required)} />}
        </FormField>
        <div className={styles.row}>
          <span />
          <Link to="/accounts/password/reset/" className={styles.link}>
            {t('login.forgot')}
          </Link>
        </div>
        <button type="submit" className={`btn ${styles.submit}`} disabled={isSubmitting}>
          {t('login.submit')}
        </button>
      </form>
      <p className={styles.below}>
        {t('login.noAccount')}{' '}
        <Link to={params.get('redirect') ? `/signup/?redirect=${encodeURIComponent(redirect)}` : '/signup/'} className={styles.link}>
          {t('login.signup')}
        </Link>
      </p>
    </section>
  );
}
