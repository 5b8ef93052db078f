import { GENDERS } from '@axoo/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/FormField.tsx';

/** The gender choices of the sign-up and account forms, after an empty 'Choose'. */
export function GenderOptions() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <option value="">{t('gender.choose')}</option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {t(`gender.${g}`)}
        </option>
      ))}
    </>
  );
}

interface PasswordPair {
  password: string;
  password_confirm: string;
}

/**
 * A new password with the rules hint, and its confirmation; a mismatch is the confirmation's
 * message and blocks the submit (SPEC §5). Ids are `${idPrefix}-password` and `${idPrefix}-password_confirm`;
 * the labels read 'new password' unless given.
 */
export function NewPasswordFields({
  idPrefix,
  label,
  confirmLabel,
  register,
  errors,
}: {
  idPrefix: string;
  label?: string;
  confirmLabel?: string;
  register: UseFormRegister<PasswordPair>;
  errors: FieldErrors<PasswordPair>;
}) {
  const { t } = useTranslation('accounts');
  const required = { required: t('errors.required') };
  return (
    <>
      <FormField id={`${idPrefix}-password`} label={label ?? t('fields.newPassword')} hint={t('hints.password')} error={errors.password?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...register('password', required)} />}
      </FormField>
      <FormField id={`${idPrefix}-password_confirm`} label={confirmLabel ?? t('fields.newPasswordConfirm')} error={errors.password_confirm?.message}>
        {(control) => (
          <input
            type="password"
            autoComplete="new-password"
            {...control}
            {...register('password_confirm', { ...required, validate: (value, all) => value === all.password || t('errors.mismatch') })}
          />
        )}
      </FormField>
    </>
  );
}
