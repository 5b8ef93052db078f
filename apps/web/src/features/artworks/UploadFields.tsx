import { LICENCES, MULTI_SELECT_MAX } from '@axoo/contract';
import { HexColorInput } from 'react-colorful';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useLocalName, useSite } from '../../site.ts';
import { ColourPicker } from '../../ui/ColourPicker.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { fieldControl } from '../../ui/FormField.tsx';
import { MultiSelect, Select } from '../../ui/Select.tsx';
import { CoverField } from './CoverField.tsx';
import { ProtectionFields } from './ProtectionFields.tsx';
import { RatingFields } from './RatingFields.tsx';
import { ReviewLinks } from './ReviewLinks.tsx';
import { ScheduleField } from './ScheduleField.tsx';
import type { UploadForm } from './hooks/use-upload-form.ts';
import { TagInput } from './TagInput.tsx';
import styles from './Upload.module.css';

const option = <T extends string>(code: T, label: string) => ({ value: code, label });

/** The upload screen's side bar: the artwork's fields, its visibility, the messages and the publish buttons. */
export function UploadFields({ upload }: { upload: UploadForm }) {
  const { t } = useTranslation('upload');
  const site = useSite();
  const user = useCurrentUser();
  const localName = useLocalName();
  const { values, errors, dirty, draft, images, update, messagesOf: e, setModal } = upload;
  return (
    <aside className={styles.sidebar} aria-label={t('title')}>
      <div className="field">
        <label htmlFor="upload-title">{t('form.title')}</label>
        <input
          {...fieldControl('upload-title', e('title'))}
          value={values.title}
          maxLength={100}
          placeholder={t('form.titlePlaceholder')}
          onChange={(ev) => update('title', ev.target.value)}
        />
        <FieldError for="upload-title" messages={e('title')} />
      </div>
      <div className="field">
        <MultiSelect
          id="upload-categories"
          label={t('form.genres')}
          max={MULTI_SELECT_MAX}
          options={site.categories.map((c) => option(c.category, localName(c)))}
          value={values.categories}
          invalid={Boolean(e('categories'))}
          onChange={(v) => update('categories', v)}
        />
        <FieldError for="upload-categories" messages={e('categories')} />
      </div>
      <div className="field">
        <MultiSelect
          id="upload-fields"
          label={t('form.fields')}
          max={MULTI_SELECT_MAX}
          options={site.fields.map((f) => option(f.field, localName(f)))}
          value={values.fields}
          invalid={Boolean(e('fields'))}
          onChange={(v) => update('fields', v)}
        />
        <FieldError for="upload-fields" messages={e('fields')} />
      </div>
      <div className="field">
        <MultiSelect
          id="upload-concepts"
          label={t('form.concepts')}
          max={MULTI_SELECT_MAX}
          options={site.concepts.map((c) => option(c.concept, localName(c)))}
          value={values.concepts}
          invalid={Boolean(e('concepts'))}
          onChange={(v) => update('concepts', v)}
        />
        <FieldError for="upload-concepts" messages={e('concepts')} />
      </div>
      <div className="field">
        <Select
          id="upload-color"
          label={t('form.color')}
          options={site.colors.map((c) => ({ value: c.id, label: localName(c), swatch: c.code }))}
          value={values.color}
          invalid={Boolean(e('color'))}
          onChange={(v) => update('color', v)}
        />
        <FieldError for="upload-color" messages={e('color')} />
      </div>
      <div className="field">
        <Select
          id="upload-licence"
          label={t('form.licence')}
          options={LICENCES.map((l) => option(l.code, t(`licences.${l.code}`)))}
          value={values.licence}
          invalid={Boolean(e('licence'))}
          onChange={(v) => update('licence', v)}
        />
        <FieldError for="upload-licence" messages={e('licence')} />
      </div>
      <TagInput value={values.tags} onChange={(v) => update('tags', v)} serverErrors={e('tags')} />
      <CoverField
        cropped={values.cropped_cover}
        busy={images.coverBusy}
        errors={e('cover') ?? e('cropped_cover')}
        onTooLarge={upload.onTooLarge}
        onCropped={images.uploadCover}
        alt={values.cover_alt}
        onAltChange={(v) => update('cover_alt', v)}
      />
      <div className="field">
        <span className={styles.label}>{t('form.background')}</span>
        <div className={styles.colour}>
          <ColourPicker label={t('form.background')} color={values.background} onChange={(v) => update('background', v.toUpperCase())} />
          <HexColorInput
            {...fieldControl('upload-background', e('background'))}
            prefixed
            color={values.background}
            onChange={(v) => update('background', v.toUpperCase())}
            aria-label={t('form.background')}
          />
        </div>
        <FieldError for="upload-background" messages={e('background')} />
      </div>
      <RatingFields rating={values.rating} aiUse={values.ai_use} onRating={(v) => update('rating', v)} onAiUse={(v) => update('ai_use', v)} />
      <fieldset className={styles.visibility}>
        <legend>{t('form.visibility')}</legend>
        <label>
          <input
            type="radio"
            name="published"
            checked={values.published && !values.unlisted}
            onChange={() => {
              update('published', true);
              update('unlisted', false);
              if (!user?.is_premium) setModal('premium');
            }}
          />
          {t('form.public')}
        </label>
        <label>
          <input
            type="radio"
            name="published"
            checked={values.published && values.unlisted}
            onChange={() => {
              update('published', true);
              update('unlisted', true);
              if (!user?.is_premium) setModal('premium');
            }}
          />
          {t('form.unlisted')}
        </label>
        <label>
          <input type="radio" name="published" checked={!values.published} onChange={() => update('published', false)} />
          {t('form.private')}
        </label>
      </fieldset>
      <ScheduleField upload={upload} />
      <ProtectionFields upload={upload} artworkId={draft.artworkId} />
      {draft.artworkId !== null && <ReviewLinks artworkId={draft.artworkId} />}
      {draft.artworkId !== null && (
        <p>
          <Link to={`/upload/${draft.artworkId}/versions/`} data-testid="versions-link">
            {t('versions.link')}
          </Link>
        </p>
      )}
      <FieldError messages={e('root')} />
      {Object.keys(errors).length > 0 && (
        <p className="form-error" role="alert">
          {t('errors.fix')}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn"
          onClick={upload.publish}
          disabled={draft.saving || images.progress !== null || images.coverBusy}
          data-testid="publish"
        >
          {t('actions.publish')}
        </button>
        <button type="button" className="btn secondary" onClick={() => setModal('preview')} data-testid="preview">
          {t('actions.preview')}
        </button>
      </div>
      <p className={styles.status} aria-live="polite">
        {draft.saving ? t('actions.saving') : draft.savedOnce && !dirty && draft.artworkId ? t('actions.saved') : ''}
      </p>
    </aside>
  );
}
