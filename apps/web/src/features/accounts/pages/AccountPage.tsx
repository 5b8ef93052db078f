import { type ReactNode, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CurrentUser, useCurrentUser, useSite } from '../../../site.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FormAlert, FormField, FormSuccess } from '../../../ui/FormField.tsx';
import { ConfirmDialog } from '../../../ui/Modal.tsx';
import { deleteAccount, updateAccount, useSwitchUser } from '../api/accounts.ts';
import styles from '../accounts.module.css';
import { GenderOptions } from '../fields.tsx';
import { MatureSetting } from '../MatureSetting.tsx';
import { ProtectionSetting } from '../ProtectionSetting.tsx';
import { EmailConfirmation } from '../EmailConfirmation.tsx';
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

/**
 * SPEC §2 Account: e-mail read-only, change-password link, account fields, delete (or the premium notice).
 * `more`: sections other features own (composed by the routes), shown before the delete section.
 */
export default function AccountPage({ more }: { more?: (user: CurrentUser) => ReactNode }) {
  const user = useCurrentUser() as CurrentUser; // behind RequireAuth
  return <AccountForm key={user.id} user={user} more={more} />;
}

function AccountForm({ user, more }: { user: CurrentUser; more?: (user: CurrentUser) => ReactNode }) {
  const { t } = useTranslation('accounts');
  const site = useSite();
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

  const { ref: formRef, focusInvalid } = useFocusInvalid();
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
      focusInvalid();
    }
  }, focusInvalid);

  const onDelete = async () => {
    setDeleting(true);
    setDeleteError([]);
    try {
      await deleteAccount(user.id);
      setConfirming(false);
      // Like logout, a full page load: the app starts again as a guest, with nothing cached of the deleted user.
      // (A client-side navigation raced the guard: a site-data refetch answering `user: null` could send the
      // guarded page to /login/ before home was shown.)
      window.location.assign('/');
    } catch (err) {
      setConfirming(false);
      setDeleteError(applyServerErrors(err, () => undefined, [], t('errors.generic')));
    } finally {
      setDeleting(false);
    }
  };

  const required = { required: t('errors.required') };

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('account.title')}</h1>
      <FormAlert messages={alert} />
      {saved && <FormSuccess>{t('account.saved')}</FormSuccess>}
      <form ref={formRef} onSubmit={onSubmit} noValidate className={styles.form}>
        <FormField id="account-email" label={t('fields.email')} hint={t('account.emailHint')} hintId="account-email-hint">
          {(control) => <input type="email" value={user.email} readOnly {...control} className={styles.readonly} />}
        </FormField>
        <EmailConfirmation user={user} />
        <div className={styles.row}>
          <span />
          <Link to="/accounts/password/" className={styles.link}>
            {t('account.changePassword')}
          </Link>
        </div>
        <FormField id="account-name" label={t('fields.name')} error={errors.name?.message}>
          {(control) => <input autoComplete="name" {...control} {...register('name', required)} />}
        </FormField>
        <FormField id="account-phone" label={t('fields.phone')} error={errors.phone?.message}>
          {(control) => <input type="tel" autoComplete="tel" {...control} {...register('phone')} />}
        </FormField>
        <FormField
          id="account-username"
          label={t('fields.username')}
          hint={t('hints.username', { url: `${window.location.origin}/${user.slug}/` })}
          error={errors.username?.message}
        >
          {(control) => <input autoCapitalize="none" spellCheck={false} {...control} {...register('username', required)} />}
        </FormField>
        <FormField id="account-date_of_birth" label={t('fields.dateOfBirth')} error={errors.date_of_birth?.message}>
          {(control) => <input type="date" {...control} {...register('date_of_birth', required)} />}
        </FormField>
        <FormField id="account-gender" label={t('fields.gender')} error={errors.gender?.message}>
          {(control) => (
            <select {...control} {...register('gender', required)}>
              <GenderOptions />
            </select>
          )}
        </FormField>
        <button type="submit" className={`btn ${styles.submit}`} disabled={isSubmitting}>
          {t('account.save')}
        </button>
      </form>

      <MatureSetting user={user} />
      <ProtectionSetting user={user} />

      {more && <Suspense fallback={null}>{more(user)}</Suspense>}

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
            <FormAlert messages={deleteError} />
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
