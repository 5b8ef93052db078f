import { ALT_MAX, HIRE_AVAILABILITIES, HIRE_NOTE_MAX, HIRE_RATES_MAX, type HireAvailability, IMAGE_TYPES, mediaUrl } from '@axoo/contract';
import type { ChangeEvent } from 'react';
import type { PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../site.ts';
import { avatarImage } from '../../../ui/avatar.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import { MultiSelect, Select } from '../../../ui/Select.tsx';
import styles from '../Profile.module.css';
import type { ProfileValues } from '../profile-form.ts';
import { SOCIAL_KINDS } from '../social.ts';

/**
 * The profile editor's fields (SPEC §2/§4/§5): images and their alt text, names and contacts, genres, social
 * links, texts, hiring, and the display choices; every message under its field, what belongs to none at the end.
 */
export function ProfileFields({
  form,
  chooseFile,
  onSubmit,
}: {
  form: UseFormReturn<ProfileValues>;
  chooseFile: (slot: 'avatar' | 'banner') => (e: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('profiles');
  const site = useSite();
  const values = form.watch();
  const { errors } = form.formState;
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => form.setValue(key, value as PathValue<ProfileValues, K>);
  /** The button that chooses a new avatar or banner (cropped next). */
  const picker = (slot: 'avatar' | 'banner', label: string) => (
    <label className="btn secondary small">
      {label}
      {/* In the Tab order (the label shows its focus ring), described by the image's messages. */}
      <input
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="visually-hidden"
        aria-describedby={`profile-${slot}-error`}
        onChange={chooseFile(slot)}
        data-testid={`${slot}-input`}
      />
    </label>
  );
  const messageOf = (...fields: (keyof ProfileValues)[]) => fields.flatMap((f) => (errors[f]?.message ? [errors[f].message] : []));
  /** Issue #18: the image's alt text, read by screen readers and share previews. */
  const altText = (key: 'avatar_alt' | 'banner_alt') => (
    <div className="field">
      <label htmlFor={`profile-${key}`}>{t(key === 'avatar_alt' ? 'form.avatarAlt' : 'form.bannerAlt')}</label>
      <input {...fieldControl(`profile-${key}`, messageOf(key))} {...form.register(key)} maxLength={ALT_MAX} />
      <FieldError for={`profile-${key}`} messages={messageOf(key)} />
    </div>
  );
  const text = (key: 'username' | 'name' | 'email' | 'phone', type = 'text') => (
    <div className="field">
      <label htmlFor={`profile-${key}`}>{t(`form.${key}`)}</label>
      <input
        {...fieldControl(`profile-${key}`, messageOf(key))}
        type={type}
        {...form.register(key)}
        autoComplete={key === 'username' ? 'username' : key === 'name' ? 'name' : key === 'email' ? 'email' : 'tel'}
      />
      <FieldError for={`profile-${key}`} messages={messageOf(key)} />
    </div>
  );

  const bannerSrc = values.cropped_banner || values.banner;

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {errors.root?.form ? (
        <p className="form-error" role="alert">
          {errors.root.form.message}
        </p>
      ) : null}
      <div className={styles.imageRow}>
        <img
          className={styles.avatarPreview}
          {...avatarImage(values)}
          alt={values.avatar_alt || t('form.avatar')}
          width={96}
          height={96}
          data-testid="avatar-preview"
        />
        {picker('avatar', t('form.changeAvatar'))}
      </div>
      <FieldError for="profile-avatar" messages={messageOf('avatar', 'raw_avatar', 'cropped_avatar')} />
      {altText('avatar_alt')}
      {text('username')}
      {text('name')}
      {text('email', 'email')}
      {text('phone', 'tel')}
      <div className="field">
        <MultiSelect
          id="profile-categories"
          label={t('form.categories')}
          options={site.categories.map((c) => ({ value: c.category, label: c.name }))}
          value={values.categories}
          onChange={(v) => set('categories', v)}
          max={2}
          invalid={Boolean(errors.categories)}
        />
        <FieldError for="profile-categories" messages={messageOf('categories')} />
      </div>
      <fieldset className={styles.socialFields}>
        <legend>{t('form.socialTitle')}</legend>
        <p className={styles.muted}>{t('form.socialHint')}</p>
        {SOCIAL_KINDS.map((kind) => (
          <div className="field" key={kind}>
            <label htmlFor={`profile-${kind}`}>{t(`social.${kind}`)}</label>
            <input {...fieldControl(`profile-${kind}`, messageOf(kind))} {...form.register(kind)} />
            <FieldError for={`profile-${kind}`} messages={messageOf(kind)} />
          </div>
        ))}
      </fieldset>
      {(['biography', 'about'] as const).map((key) => (
        <div className="field" key={key}>
          <label htmlFor={`profile-${key}`}>{t(`form.${key}`)}</label>
          <textarea {...fieldControl(`profile-${key}`, messageOf(key))} {...form.register(key)} rows={5} />
          <FieldError for={`profile-${key}`} messages={messageOf(key)} />
        </div>
      ))}
      <fieldset className={styles.socialFields} data-testid="hire-fields">
        <legend>{t('form.hireTitle')}</legend>
        <div className="field">
          <Select
            id="profile-available_for_hire"
            label={t('form.hireAvailability')}
            value={values.available_for_hire ?? 'none'}
            options={[{ value: 'none', label: t('form.hireNone') }, ...HIRE_AVAILABILITIES.map((value) => ({ value, label: t(`form.hire.${value}`) }))]}
            onChange={(v) => set('available_for_hire', v && v !== 'none' ? (v as HireAvailability) : null)}
            invalid={Boolean(errors.available_for_hire)}
          />
          <FieldError for="profile-available_for_hire" messages={messageOf('available_for_hire')} />
        </div>
        {(['hire_note', 'hire_rates'] as const).map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`profile-${key}`}>{t(`form.${key}`)}</label>
            <textarea
              {...fieldControl(`profile-${key}`, messageOf(key))}
              {...form.register(key)}
              rows={2}
              maxLength={key === 'hire_note' ? HIRE_NOTE_MAX : HIRE_RATES_MAX}
            />
            <FieldError for={`profile-${key}`} messages={messageOf(key)} />
          </div>
        ))}
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" {...form.register('show_contact')} />
        {t('form.showContact')}
      </label>
      <fieldset className={styles.choice}>
        <legend>{t('form.collection')}</legend>
        <label>
          <input type="radio" name="public_collection" checked={values.public_collection} onChange={() => set('public_collection', true)} />
          {t('form.collectionPublic')}
        </label>
        <label>
          <input
            type="radio"
            name="public_collection"
            checked={!values.public_collection}
            onChange={() => set('public_collection', false)}
            data-testid="collection-private"
          />
          {t('form.collectionPrivate')}
        </label>
      </fieldset>
      <fieldset className={styles.choice}>
        <legend>{t('form.layout')}</legend>
        <label>
          <input type="radio" name="fixed_layout" checked={values.fixed_layout} onChange={() => set('fixed_layout', true)} />
          {t('form.layoutFixed')}
        </label>
        <label>
          <input type="radio" name="fixed_layout" checked={!values.fixed_layout} onChange={() => set('fixed_layout', false)} data-testid="layout-masonry" />
          {t('form.layoutMasonry')}
        </label>
      </fieldset>
      <div className="field">
        <span className={styles.fieldLabel}>{t('form.banner')}</span>
        <div className={styles.bannerPreview}>
          {bannerSrc && <img src={mediaUrl(bannerSrc, 960)} alt={values.banner_alt || t('form.banner')} data-testid="banner-preview" />}
        </div>
        <p className={styles.muted}>{t('form.bannerHint')}</p>
        {picker('banner', t('form.changeBanner'))}
        <FieldError for="profile-banner" messages={messageOf('banner', 'raw_banner', 'cropped_banner')} />
      </div>
      {altText('banner_alt')}
      {errors.root?.other && (
        <p className="form-error" role="alert">
          {errors.root.other.message}
        </p>
      )}
    </form>
  );
}
