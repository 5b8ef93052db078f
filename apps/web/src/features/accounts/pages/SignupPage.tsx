import { slugify } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSite } from '../../../site.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { safeRedirect, signUp, useSwitchUser } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { GenderOptions, NewPasswordFields } from '../fields.tsx';
import { applyServerErrors } from '../form.ts';

interface Values {
  email: string;
  password: string;
  password_confirm: string;
  name: string;
  phone: string;
  username: string;
  date_of_birth: string;
  gender: string;
}
const SERVER_FIELDS = ['email', 'password', 'name', 'phone', 'username', 'date_of_birth', 'gender'] as const;

/** SPEC §2 Sign up and §5: required fields, server password rules, mismatch message, per-field server errors. */
export default function SignupPage() {
  const { t } = useTranslation('accounts');
  const site = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const switchUser = useSwitchUser();
  const [alert, setAlert] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { email: '', password: '', password_confirm: '', name: '', phone: '', username: '', date_of_birth: '', gender: '' },
  });
  const username = watch('username');

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const onSubmit = handleSubmit(async ({ password_confirm: _, ...values }) => {
    setAlert([]);
    try {
      const user = await signUp({ ...values, categories: [] });
      switchUser(user);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      // SPEC §8: a 403 on sign up goes home.
      if (err instanceof ApiError && err.status === 403) navigate('/', { replace: true });
      else setAlert(applyServerErrors(err, setError, SERVER_FIELDS, t('errors.generic')));
      focusInvalid();
    }
  }, focusInvalid);

  const required = { required: t('errors.required') };
  const profileUrl = `${window.location.origin}/${slugify(username.trim()) || '…'}/`;

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('signup.title')}</h1>
      <FormAlert messages={alert} />
      <form ref={formRef} onSubmit={onSubmit} noValidate className={styles.form}>
        <FormField id="signup-email" label={t('fields.email')} error={errors.email?.message}>
          {(control) => <input type="email" autoComplete="email" {...control} {...register('email', required)} />}
        </FormField>
        <NewPasswordFields idPrefix="signup" label={t('fields.password')} confirmLabel={t('fields.passwordConfirm')} register={register} errors={errors} />
        <FormField id="signup-name" label={t('fields.name')} error={errors.name?.message}>
          {(control) => <input autoComplete="name" {...control} {...register('name', required)} />}
        </FormField>
        <FormField id="signup-phone" label={t('fields.phone')} error={errors.phone?.message}>
          {(control) => <input type="tel" autoComplete="tel" {...control} {...register('phone')} />}
        </FormField>
        <FormField id="signup-username" label={t('fields.username')} hint={t('hints.username', { url: profileUrl })} error={errors.username?.message}>
          {(control) => <input autoComplete="username" autoCapitalize="none" spellCheck={false} {...control} {...register('username', required)} />}
        </FormField>
        <FormField id="signup-date_of_birth" label={t('fields.dateOfBirth')} error={errors.date_of_birth?.message}>
          {(control) => (
            <input type="date" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} {...control} {...register('date_of_birth', required)} />
          )}
        </FormField>
        <FormField id="signup-gender" label={t('fields.gender')} error={errors.gender?.message}>
          {(control) => (
            <select {...control} {...register('gender', required)}>
              <GenderOptions />
            </select>
          )}
        </FormField>
        <p className={styles.legal}>
          <Trans
            t={t}
            i18nKey="signup.agree"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
              terms: <a href={site.links.terms} target="_blank" rel="noreferrer" />,
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
              privacy: <a href={site.links.privacy} target="_blank" rel="noreferrer" />,
            }}
          />
        </p>
        <button type="submit" className={`btn ${styles.submit}`} disabled={isSubmitting}>
          {t('signup.submit')}
        </button>
      </form>
      <p className={styles.below}>
        {t('signup.haveAccount')}{' '}
        <Link to="/login/" className={styles.link}>
          {t('signup.login')}
        </Link>
      </p>
    </section>
  );
}
