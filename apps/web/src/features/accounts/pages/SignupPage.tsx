import { GENDERS, slugify } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useSite } from '../../../site.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { safeRedirect, signUp, useSwitchUser } from '../api/accounts.ts';
import styles from '../accounts.module.css';
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
    }
  });

  const required = { required: t('errors.required') };
  const field = (name: keyof Values) => ({
    id: `signup-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `signup-${name}-error`,
  });
  const error = (name: keyof Values) => <FieldError id={`signup-${name}-error`} messages={errors[name]?.message} />;
  const profileUrl = `${window.location.origin}/${slugify(username.trim()) || '…'}/`;

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('signup.title')}</h1>
      {alert.length > 0 && (
        <div className="form-error" role="alert">
          {alert.join(' ')}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <div className="field">
          <label htmlFor="signup-email">{t('fields.email')}</label>
          <input type="email" autoComplete="email" {...field('email')} {...register('email', required)} />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="signup-password">{t('fields.password')}</label>
          <input type="password" autoComplete="new-password" {...field('password')} {...register('password', required)} />
          <p className={styles.hint}>{t('hints.password')}</p>
          {error('password')}
        </div>
        <div className="field">
          <label htmlFor="signup-password_confirm">{t('fields.passwordConfirm')}</label>
          <input
            type="password"
            autoComplete="new-password"
            {...field('password_confirm')}
            {...register('password_confirm', {
              ...required,
              validate: (value, all) => value === all.password || t('errors.mismatch'),
            })}
          />
          {error('password_confirm')}
        </div>
        <div className="field">
          <label htmlFor="signup-name">{t('fields.name')}</label>
          <input autoComplete="name" {...field('name')} {...register('name', required)} />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor="signup-phone">{t('fields.phone')}</label>
          <input type="tel" autoComplete="tel" {...field('phone')} {...register('phone')} />
          {error('phone')}
        </div>
        <div className="field">
          <label htmlFor="signup-username">{t('fields.username')}</label>
          <input autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} {...register('username', required)} />
          <p className={styles.hint}>{t('hints.username', { url: profileUrl })}</p>
          {error('username')}
        </div>
        <div className="field">
          <label htmlFor="signup-date_of_birth">{t('fields.dateOfBirth')}</label>
          <input
            type="date"
            autoComplete="bday"
            max={new Date().toISOString().slice(0, 10)}
            {...field('date_of_birth')}
            {...register('date_of_birth', required)}
          />
          {error('date_of_birth')}
        </div>
        <div className="field">
          <label htmlFor="signup-gender">{t('fields.gender')}</label>
          <select {...field('gender')} {...register('gender', required)}>
            <option value="">{t('gender.choose')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`gender.${g}`)}
              </option>
            ))}
          </select>
          {error('gender')}
        </div>
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
