import { AVATAR_RATIO, BANNER_RATIO, IMAGE_MAX_BYTES, mediaUrl, PROFILE_USERNAME_PATTERN, queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { FileTooLargeError, isNewUpload, uploadImage } from '../../../api/upload.ts';
import { avatarImage } from '../../../ui/avatar.ts';
import { type CurrentUser, useCurrentUser, useSetCurrentUser, useSite } from '../../../site.ts';
import { ImageCropper } from '../../../ui/Cropper.tsx';
import { FieldError } from '../../../ui/FieldError.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { MultiSelect } from '../../../ui/Select.tsx';
import { normaliseSlug, presignPath, type UserUpdate, updateUser } from '../api/profiles.ts';
import styles from '../Profile.module.css';
import { SOCIAL_KINDS } from '../social.ts';

const IMAGE_FIELDS = ['avatar', 'raw_avatar', 'cropped_avatar', 'banner', 'raw_banner', 'cropped_banner'] as const;
type Slot = 'avatar' | 'banner';
/** Fields whose messages show under their own input; anything else goes in the box at the end. */
const RENDERED = new Set<string>(['form', 'username', 'name', 'email', 'phone', 'categories', 'biography', 'about', ...SOCIAL_KINDS, ...IMAGE_FIELDS]);

type FormState = Required<Omit<UserUpdate, 'date_of_birth' | 'gender'>>;
type Errors = Record<string, string[]>;

function initialForm(user: CurrentUser): FormState {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    phone: user.phone,
    categories: user.categories.map((c) => c.category),
    website: user.website,
    instagram: user.instagram,
    facebook: user.facebook,
    twitter: user.twitter,
    pinterest: user.pinterest,
    tumblr: user.tumblr,
    youtube: user.youtube,
    vimeo: user.vimeo,
    biography: user.biography,
    about: user.about,
    show_contact: user.show_contact,
    public_collection: user.public_collection,
    fixed_layout: user.fixed_layout,
    avatar: user.avatar,
    raw_avatar: user.raw_avatar,
    cropped_avatar: user.cropped_avatar,
    banner: user.banner,
    raw_banner: user.raw_banner,
    cropped_banner: user.cropped_banner,
  };
}

/**
 * SPEC §2/§4/§5 profile edit: the owner's button and modal. Cropping an avatar (1:1) or a banner (4:1)
 * hides the modal and returns to it; new images (blob: URLs) are uploaded on Save, then one PUT saves
 * everything; Save closes the modal, errors keep it open with messages under the fields.
 */
export function EditProfile({ slug }: { slug: string }) {
  const { t } = useTranslation('profiles');
  const user = useCurrentUser();
  const site = useSite();
  const setCurrentUser = useSetCurrentUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [crop, setCrop] = useState<{ slot: Slot; src: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const blobs = useRef(new Map<string, Blob>());

  if (!user) return null;

  const start = () => {
    setForm(initialForm(user));
    setErrors({});
    setOpen(true);
  };
  const close = () => {
    for (const url of blobs.current.keys()) URL.revokeObjectURL(url);
    blobs.current.clear();
    setOpen(false);
    setForm(null);
  };
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));

  const chooseFile = (slot: Slot) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setErrors((er) => ({ ...er, [slot]: [t('form.tooLarge')] }));
      return;
    }
    const src = URL.createObjectURL(file);
    blobs.current.set(src, file);
    setCrop({ slot, src });
  };

  const cropDone = (cropped: Blob) => {
    if (!crop) return;
    const croppedUrl = URL.createObjectURL(cropped);
    blobs.current.set(croppedUrl, cropped);
    setForm((f) => (f ? { ...f, [crop.slot]: crop.src, [`raw_${crop.slot}`]: crop.src, [`cropped_${crop.slot}`]: croppedUrl } : f));
    setErrors((er) => ({ ...er, [crop.slot]: [], [`cropped_${crop.slot}`]: [] }));
    setCrop(null);
  };
  const cropCancel = () => {
    if (crop && !Object.values(form ?? {}).includes(crop.src)) {
      URL.revokeObjectURL(crop.src);
      blobs.current.delete(crop.src);
    }
    setCrop(null);
  };

  const validate = (f: FormState): Errors => {
    const out: Errors = {};
    const required = t('form.required');
    if (!f.username.trim()) out.username = [required];
    else if (!PROFILE_USERNAME_PATTERN.test(f.username.trim())) out.username = [t('form.englishOnly')];
    if (!f.name.trim()) out.name = [required];
    if (!f.email.trim()) out.email = [required];
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) out.email = [t('form.invalidEmail')];
    if (!f.phone.trim()) out.phone = [required];
    return out;
  };

  const save = async () => {
    if (!form) return;
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      // Upload each new image once (avatar and raw_avatar share the original file).
      const uploaded = new Map<string, string>();
      const body: FormState = { ...form };
      for (const field of IMAGE_FIELDS) {
        const value = form[field];
        if (!isNewUpload(value)) continue;
        let key = uploaded.get(value);
        if (!key) {
          const blob = blobs.current.get(value);
          if (!blob) throw new Error('lost image');
          const name = blob instanceof File ? blob.name : `${field}.jpg`;
          try {
            key = (await uploadImage(presignPath(user.id), blob, { filename: name })).filename;
          } catch (error) {
            const message = error instanceof FileTooLargeError ? t('form.tooLarge') : t('form.uploadFailed');
            setErrors({ [field.includes('banner') ? 'banner' : 'avatar']: [message] });
            return;
          }
          uploaded.set(value, key);
        }
        body[field] = key;
      }
      const saved = await updateUser(user.id, body);
      setCurrentUser(saved);
      await client.invalidateQueries({ queryKey: queryKeys.profiles.all() });
      await client.invalidateQueries({ queryKey: queryKeys.profiles.allArtworks() });
      close();
      if (saved.slug !== normaliseSlug(slug)) navigate(`/${saved.slug}/`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors({ ...error.fields, form: [t('form.failed')] });
      else setErrors({ form: [t('form.uploadFailed')] });
    } finally {
      setSaving(false);
    }
  };

  const text = (key: 'username' | 'name' | 'email' | 'phone', type = 'text') => (
    <div className="field">
      <label htmlFor={`profile-${key}`}>{t(`form.${key}`)}</label>
      <input
        id={`profile-${key}`}
        name={key}
        type={type}
        value={form?.[key] ?? ''}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key]?.length ? true : undefined}
        aria-describedby={`profile-${key}-error`}
        autoComplete={key === 'username' ? 'username' : key === 'name' ? 'name' : key === 'email' ? 'email' : 'tel'}
      />
      <FieldError id={`profile-${key}-error`} messages={errors[key]} />
    </div>
  );

  const bannerSrc = form?.cropped_banner || form?.banner;
  const otherErrors = Object.entries(errors).filter(([k, v]) => v.length && !RENDERED.has(k));

  return (
    <>
      <button type="button" className="btn secondary small" onClick={start} data-testid="edit-profile">
        {t('edit')}
      </button>
      <Modal
        open={open && !crop}
        onClose={close}
        title={t('form.title')}
        size="medium"
        dismissable={false}
        footer={
          <>
            <button type="button" className="btn secondary" onClick={close} disabled={saving}>
              {t('form.close')}
            </button>
            <button type="button" className="btn" onClick={save} disabled={saving} data-testid="profile-save">
              {saving ? t('form.saving') : t('form.save')}
            </button>
          </>
        }
      >
        {form && (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
            noValidate
          >
            {errors.form?.length ? (
              <p className="form-error" role="alert">
                {errors.form.join(' ')}
              </p>
            ) : null}
            <div className={styles.imageRow}>
              <img className={styles.avatarPreview} {...avatarImage(form)} alt={t('form.avatar')} width={96} height={96} data-testid="avatar-preview" />
              <label className="btn secondary small">
                {t('form.changeAvatar')}
                <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" hidden onChange={chooseFile('avatar')} data-testid="avatar-input" />
              </label>
            </div>
            <FieldError messages={[...(errors.avatar ?? []), ...(errors.raw_avatar ?? []), ...(errors.cropped_avatar ?? [])]} />
            {text('username')}
            {text('name')}
            {text('email', 'email')}
            {text('phone', 'tel')}
            <div className="field">
              <MultiSelect
                label={t('form.categories')}
                options={site.categories.map((c) => ({ value: c.category, label: c.name }))}
                value={form.categories}
                onChange={(v) => set('categories', v)}
                max={2}
                invalid={Boolean(errors.categories?.length)}
              />
              <FieldError messages={errors.categories} />
            </div>
            <fieldset className={styles.socialFields}>
              <legend>{t('form.socialTitle')}</legend>
              <p className={styles.muted}>{t('form.socialHint')}</p>
              {SOCIAL_KINDS.map((kind) => (
                <div className="field" key={kind}>
                  <label htmlFor={`profile-${kind}`}>{t(`social.${kind}`)}</label>
                  <input id={`profile-${kind}`} name={kind} value={form[kind]} onChange={(e) => set(kind, e.target.value)} />
                  <FieldError messages={errors[kind]} />
                </div>
              ))}
            </fieldset>
            {(['biography', 'about'] as const).map((key) => (
              <div className="field" key={key}>
                <label htmlFor={`profile-${key}`}>{t(`form.${key}`)}</label>
                <textarea id={`profile-${key}`} name={key} value={form[key]} onChange={(e) => set(key, e.target.value)} rows={5} />
                <FieldError messages={errors[key]} />
              </div>
            ))}
            <label className={styles.check}>
              <input type="checkbox" name="show_contact" checked={form.show_contact} onChange={(e) => set('show_contact', e.target.checked)} />
              {t('form.showContact')}
            </label>
            <fieldset className={styles.choice}>
              <legend>{t('form.collection')}</legend>
              <label>
                <input type="radio" name="public_collection" checked={form.public_collection} onChange={() => set('public_collection', true)} />
                {t('form.collectionPublic')}
              </label>
              <label>
                <input
                  type="radio"
                  name="public_collection"
                  checked={!form.public_collection}
                  onChange={() => set('public_collection', false)}
                  data-testid="collection-private"
                />
                {t('form.collectionPrivate')}
              </label>
            </fieldset>
            <fieldset className={styles.choice}>
              <legend>{t('form.layout')}</legend>
              <label>
                <input type="radio" name="fixed_layout" checked={form.fixed_layout} onChange={() => set('fixed_layout', true)} />
                {t('form.layoutFixed')}
              </label>
              <label>
                <input type="radio" name="fixed_layout" checked={!form.fixed_layout} onChange={() => set('fixed_layout', false)} data-testid="layout-masonry" />
                {t('form.layoutMasonry')}
              </label>
            </fieldset>
            <div className="field">
              <span className={styles.fieldLabel}>{t('form.banner')}</span>
              <div className={styles.bannerPreview}>
                {bannerSrc && <img src={mediaUrl(bannerSrc, 960)} alt={t('form.banner')} data-testid="banner-preview" />}
              </div>
              <p className={styles.muted}>{t('form.bannerHint')}</p>
              <label className="btn secondary small">
                {t('form.changeBanner')}
                <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" hidden onChange={chooseFile('banner')} data-testid="banner-input" />
              </label>
              <FieldError messages={[...(errors.banner ?? []), ...(errors.raw_banner ?? []), ...(errors.cropped_banner ?? [])]} />
            </div>
            {otherErrors.length > 0 && (
              <p className="form-error" role="alert">
                {otherErrors.map(([, v]) => v.join(' ')).join(' ')}
              </p>
            )}
          </form>
        )}
      </Modal>
      {crop && (
        <ImageCropper
          open
          src={crop.src}
          aspect={crop.slot === 'avatar' ? AVATAR_RATIO : BANNER_RATIO}
          round={crop.slot === 'avatar'}
          title={crop.slot === 'avatar' ? t('form.cropAvatar') : t('form.cropBanner')}
          hint={crop.slot === 'banner' ? t('form.bannerHint') : undefined}
          onCancel={cropCancel}
          onDone={cropDone}
        />
      )}
    </>
  );
}
