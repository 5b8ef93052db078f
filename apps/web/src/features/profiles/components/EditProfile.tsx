import { AVATAR_RATIO, BANNER_RATIO, queryKeys, asLang } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useCurrentUser, useSetCurrentUser } from '../../../site.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { ImageCropper } from '../../../ui/Cropper.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { normaliseSlug, updateUser } from '../api/profiles.ts';
import { ProfileImageError, useProfileImages } from '../hooks/use-profile-images.ts';
import { ProfileFields } from './ProfileFields.tsx';
import { type ProfileValues, profileProblems, RENDERED_FIELDS, valuesOf } from '../profile-form.ts';

/**
 * SPEC §2/§4/§5 profile edit: the owner's button and modal. Cropping an avatar (1:1) or a banner (4:1)
 * hides the modal and returns to it; new images (blob: URLs) are uploaded on Save, then one PUT saves
 * everything; Save closes the modal, errors keep it open with messages under the fields. The values live in a
 * react-hook-form form; the images are a hook (use-profile-images).
 */
export function EditProfile({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('profiles');
  const user = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<ProfileValues>();
  const images = useProfileImages({
    onChosen: (slot, { original, cropped }) => {
      form.setValue(slot, original);
      form.setValue(`raw_${slot}`, original);
      form.setValue(`cropped_${slot}`, cropped);
      form.clearErrors([slot, `cropped_${slot}`]);
    },
    onTooLarge: (slot) => form.setError(slot, { type: 'client', message: t('form.tooLarge') }),
  });

  const { ref: fieldsRef, focusInvalid } = useFocusInvalid<HTMLDivElement>();

  if (!user) return null;

  const start = () => {
    form.reset(valuesOf(user));
    setOpen(true);
  };
  const close = () => {
    images.forget();
    setOpen(false);
  };

  /** Server messages under their fields (SPEC §8); fields the form does not show go in the box at the end. */
  const showErrors = (fields: Record<string, string[]>) => {
    const other: string[] = [];
    for (const [field, messages] of Object.entries(fields)) {
      if (RENDERED_FIELDS.has(field)) form.setError(field as keyof ProfileValues, { type: 'server', message: messages.join(' ') });
      else other.push(...messages);
    }
    if (other.length) form.setError('root.other', { type: 'server', message: other.join(' ') });
  };

  const save = async () => {
    form.clearErrors();
    const current = form.getValues();
    const problems = Object.entries(profileProblems(current, t, asLang(i18n.language)));
    if (problems.length) {
      for (const [field, message] of problems) form.setError(field as keyof ProfileValues, { type: 'client', message });
      focusInvalid();
      return;
    }
    setSaving(true);
    try {
      const saved = await updateUser(user.id, await images.uploadNew(current, user.id));
      setCurrentUser(saved);
      await client.invalidateQueries({ queryKey: queryKeys.profiles.all() });
      await client.invalidateQueries({ queryKey: queryKeys.profiles.allArtworks() });
      close();
      if (saved.slug !== normaliseSlug(slug)) navigate(`/${saved.slug}/`, { replace: true });
    } catch (error) {
      if (error instanceof ProfileImageError)
        form.setError(error.slot, { type: 'server', message: error.reason === 'tooLarge' ? t('form.tooLarge') : t('form.uploadFailed') });
      else if (error instanceof ApiError && error.status === 400) {
        showErrors(error.fields);
        form.setError('root.form', { type: 'server', message: t('form.failed') });
      } else form.setError('root.form', { type: 'server', message: t('form.uploadFailed') });
      focusInvalid();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <button type="button" className="btn secondary small" onClick={start} data-testid="edit-profile">
        {t('edit')}
      </button>
      <Modal
        open={open && !images.crop}
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
        {open && (
          <div ref={fieldsRef}>
            <ProfileFields form={form} chooseFile={images.chooseFile} onSubmit={() => void save()} />
          </div>
        )}
      </Modal>
      {images.crop && (
        <ImageCropper
          open
          src={images.crop.src}
          aspect={images.crop.slot === 'avatar' ? AVATAR_RATIO : BANNER_RATIO}
          round={images.crop.slot === 'avatar'}
          title={images.crop.slot === 'avatar' ? t('form.cropAvatar') : t('form.cropBanner')}
          hint={images.crop.slot === 'banner' ? t('form.bannerHint') : undefined}
          onCancel={() => images.cropCancel((url) => Object.values(form.getValues()).includes(url))}
          onDone={images.cropDone}
        />
      )}
    </>
  );
}
