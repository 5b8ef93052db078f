import { GENDERS } from '@axoo/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type CurrentUser, useCurrentUser, useSite } from '../../../site.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { ConfirmDialog } from '../../../ui/Modal.tsx';
import { deleteAccount, updateAccount, useSwitchUser } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { applyServerErrors } from '../form.ts';

interface Values {
  name: string;
  phone: string;
  username: string;
  date_of_birth: string;
  gender: string;
}
const FIELDS = ['name', 'phone', 'username', 'date_of_birth', 'gender'] as const;

const valuesOf = (u: CurrentUser): Values => ({
  name: u.name,
  phone: u.phone,
  username: u.username,
  date_of_birth: u.date_of_birth ?? '',
  gender: u.gender ?? '',
});

/** SPEC §2 Account: e-mail read-only, change-password link, account fields, delete (or the premium notice). */
export default function AccountPage() {
  const user = useCurrentUser() as CurrentUser; // behind RequireAuth
  return <AccountForm key={user.id} user={user} />;
}

function AccountForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('accounts');
  const site = useSite();
  const navigate = useNavigate();
  const switchUser = useSwitchUser();
  const [alert, setAlert] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: valuesOf(user) });

  const onSubmit = handleSubmit(async (values) => {
    setAlert([]);
    setSaved(false);
    try {
      const updated = await updateAccount(user.id, values);
      switchUser(updated);
      reset(valuesOf(updated));
      setSaved(true);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, FIELDS, t('errors.generic')));
    }
  });

  const onDelete = async () => {
    setDeleting(true);
    setDeleteError([]);
    try {
      await deleteAccount(user.id);
      setConfirming(false);
      // Leave the guarded page first (and wait for it), so the guard does not send a now-guest to /login/.
      await navigate('/', { replace: true });
      switchUser(null);
    } catch (err) {
      setConfirming(false);
      setDeleteError(applyServerErrors(err, () => undefined, [], t('errors.generic')));
    } finally {
      setDeleting(false);
    }
  };

  const required = { required: t('errors.required') };
  const field = (name: keyof Values) => ({
    id: `account-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `account-${name}-error`,
  });
  const error = (name: keyof Values) => <FieldError id={`account-${name}-error`} messages={errors[name]?.message} />;

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('account.title')}</h1>
      {alert.length > 0 && (
        <div className="form-error" role="alert">
          {alert.join(' ')}
        </div>
      )}
      {saved && (
        <div className="form-success" role="status">
          {t('account.saved')}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <div className="field">
          <label htmlFor="account-email">{t('fields.email')}</label>
          <input id="account-email" type="email" value={user.email} readOnly aria-describedby="account-email-hint" className={styles.readonly} />
          <p id="account-email-hint" className={styles.hint}>
            {t('account.emailHint')}
          </p>
        </div>
        <div className={styles.row}>
          <span />
          <Link to="/accounts/password/" className={styles.link}>
            {t('account.changePassword')}
          </Link>
        </div>
        <div className="field">
          <label htmlFor="account-name">{t('fields.name')}</label>
          <input autoComplete="name" {...field('name')} {...register('name', required)} />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor="account-phone">{t('fields.phone')}</label>
          <input type="tel" autoComplete="tel" {...field('phone')} {...register('phone')} />
          {error('phone')}
        </div>
        <div className="field">
          <label htmlFor="account-username">{t('fields.username')}</label>
          <input autoCapitalize="none" spellCheck={false} {...field('username')} {...register('username', required)} />
          <p className={styles.hint}>{t('hints.username', { url: `${window.location.origin}/${user.slug}/` })}</p>
          {error('username')}
        </div>
        <div className="field">
          <label htmlFor="account-date_of_birth">{t('fields.dateOfBirth')}</label>
          <input type="date" {...field('date_of_birth')} {...register('date_of_birth', required)} />
          {error('date_of_birth')}
        </div>
        <div className="field">
          <label htmlFor="account-gender">{t('fields.gender')}</label>
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
        <button type="submit" className={`btn ${styles.submit}`} disabled={isSubmitting}>
          {t('account.save')}
        </button>
      </form>

      <div className={styles.danger}>
        <h2>{t('account.deleteTitle')}</h2>
        {user.is_premium ? (
          <>
            <p>{t('account.premiumNotice')}</p>
            <a className="btn secondary" href={site.links.deletion_form} target="_blank" rel="noreferrer">
              {t('account.applyDeletion')}
            </a>
          </>
        ) : (
          <>
            <p>{t('account.deleteText')}</p>
            {deleteError.length > 0 && (
              <div className="form-error" role="alert">
                {deleteError.join(' ')}
              </div>
            )}
            <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
              {t('account.deleteButton')}
            </button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('account.deleteConfirmTitle')}
        message={t('account.deleteConfirm')}
        confirmLabel={t('account.deleteConfirmButton')}
        cancelLabel={t('account.cancel')}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
        danger
        busy={deleting}
      />
    </section>
  );
}
