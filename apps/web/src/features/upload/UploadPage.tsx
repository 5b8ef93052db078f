import { LICENCES, MULTI_SELECT_MAX, translate } from '@axoo/contract';
import { imagesWithoutAlt, publishProblems } from '@axoo/contract/artworks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { HexColorInput } from 'react-colorful';
import { useTranslation } from 'react-i18next';
import { type PathValue, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCurrentUser, useLocalName, useSite } from '../../site.ts';
import { ColourPicker } from '../../ui/ColourPicker.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { fieldControl } from '../../ui/FormField.tsx';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { MultiSelect, Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { ArtworkPayload } from './api/upload.ts';
import { CoverField } from './CoverField.tsx';
import type { EditorHandle } from './Editor.tsx';
import { emptyValues, hasSomething, payloadOf, type UploadValues, valuesOf } from './form.ts';
import { useAutosave } from './hooks/use-autosave.ts';
import { useArtworkDraft } from './hooks/use-draft.ts';
import { type StoredCover, useImageUpload } from './hooks/use-image-upload.ts';
import { useLeaveGuard } from './hooks/use-leave-guard.ts';
import { TagInput } from './TagInput.tsx';
import styles from './Upload.module.css';

// ProseMirror and TipTap are the heaviest part of the page: their own chunk.
const Editor = lazy(() => import('./Editor.tsx'));

type ModalName = 'premium' | 'empty' | 'session' | 'tooLarge' | 'draft' | 'preview' | 'alt' | null;
const MOBILE_QUERY = '(max-width: 767px)';
const SESSION_LOST = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * SPEC §2 Upload, §4 Artwork draft, §8 messages. With `inviteId` it is step 1 of an invite application:
 * drafts live at /goodluck/{inviteId}/upload/{id}/ and publishing goes to the published confirmation.
 * The values live in a react-hook-form form; the record, autosave, image uploads and the leave guard are hooks.
 */
export default function UploadPage({ inviteId }: { inviteId?: number }) {
  const { t, i18n } = useTranslation('upload');
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const site = useSite();
  const user = useCurrentUser();
  const localName = useLocalName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const routeId = Number(useParams().artworkId) || null;

  const [mobile] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches);
  const form = useForm<UploadValues>({ defaultValues: emptyValues });
  const values = form.watch();
  const { errors, isDirty: dirty } = form.formState;
  const [revision, setRevision] = useState(0);
  const [modal, setModal] = useState<ModalName>(null);
  const [missingAlt, setMissingAlt] = useState(0);
  const editorRef = useRef<EditorHandle | null>(null);

  /** Loaded or emptied values become the form's new clean state, and the editor shows them. */
  const replaceValues = useCallback(
    (next: UploadValues) => {
      form.reset(next);
      setRevision((r) => r + 1);
    },
    [form],
  );
  const draft = useArtworkDraft({
    inviteId,
    routeId,
    user,
    payload: () => payloadOf(form.getValues()),
    onLoaded: (artwork) => replaceValues(valuesOf(artwork)),
    onReset: () => replaceValues(emptyValues),
  });
  useEffect(() => {
    if (draft.openDraft) setModal('draft');
  }, [draft.openDraft]);

  /** Saves with the editor's current HTML; what was saved is the form's clean state (errors stay shown). */
  const save = useCallback(
    async (extra: Partial<ArtworkPayload> = {}) => {
      const saved = await draft.save({ content: editorRef.current?.getHTML() || form.getValues('content'), ...extra });
      form.reset(form.getValues(), { keepErrors: true });
      return saved;
    },
    [draft.save, form],
  );
  const onSessionLost = useCallback(() => setModal('session'), []);
  const onTooLarge = useCallback(() => setModal('tooLarge'), []);
  const images = useImageUpload({
    ensureArtwork: draft.ensureArtwork,
    editor: editorRef,
    onTooLarge,
    onSessionLost,
    onContentImage: () => form.clearErrors('content'),
    onCover: (cover) => {
      for (const [key, value] of Object.entries(cover)) form.setValue(key as keyof StoredCover, value as never, { shouldDirty: true });
      form.clearErrors('cover');
    },
  });
  useAutosave({
    dirty,
    paused: images.progress !== null || images.coverBusy,
    worthSaving: draft.artworkId !== null || hasSomething(values),
    changes: values,
    save,
    onError: (error) => SESSION_LOST(error) && onSessionLost(),
  });
  const blocker = useLeaveGuard(dirty);

  const update = <K extends keyof UploadValues>(key: K, value: UploadValues[K]) => {
    form.setValue(key, value as PathValue<UploadValues, K>, { shouldDirty: true });
    form.clearErrors(key === 'cropped_cover' ? 'cover' : key);
  };

  /** Server and publish-rule messages under their fields (SPEC §8); what belongs to none goes above the buttons. */
  const showErrors = (fields: Record<string, string[]>) => {
    for (const [field, messages] of Object.entries(fields)) {
      const name = field === 'background_color' ? 'background' : field;
      if (name in emptyValues) form.setError(name as keyof UploadValues, { type: 'server', message: messages.join(' ') });
      else form.setError('root.server', { type: 'server', message: messages.join(' ') });
    }
  };

  const publish = async () => {
    const html = editorRef.current?.getHTML() || form.getValues('content');
    const problems = publishProblems({ ...form.getValues(), content: html });
    if (Object.keys(problems).length) {
      showErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, [translate(lang, key)]])));
      if (problems.content) setModal('empty');
      return;
    }
    // Issue #18: once per artwork, images without alt text hold the first publish back for a reminder.
    const missing = imagesWithoutAlt(html, { key: form.getValues('cropped_cover'), alt: form.getValues('cover_alt') });
    if (missing > 0 && !form.getValues('alt_reminded')) {
      setMissingAlt(missing);
      update('alt_reminded', true);
      setModal('alt');
      return;
    }
    try {
      const saved = await save({ draft: false, content: html, alt_reminded: form.getValues('alt_reminded') });
      await queryClient.invalidateQueries();
      const to = inviteId ? `/goodluck/${inviteId}/published/${saved.id}/` : `/${saved.author?.slug ?? user?.slug}/`;
      navigate(to, { state: { force: true } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        showErrors(error.fields);
        if (error.fields.content) setModal('empty');
      } else if (SESSION_LOST(error)) onSessionLost();
      else showErrors({ non_field_errors: [t('errors.saveFailed')] });
    }
  };

  const onEditorChange = useCallback((html: string) => form.setValue('content', html, { shouldDirty: true }), [form]);
  const onEditorReady = useCallback((handle: EditorHandle) => {
    editorRef.current = handle;
  }, []);

  if (mobile) {
    return (
      <div className="page narrow">
        <h1 className="visually-hidden">{t('title')}</h1>
        <p className="empty" data-testid="upload-mobile">
          {t('mobile')}
        </p>
      </div>
    );
  }
  if (draft.loading) return <Spinner />;

  const option = <T extends string>(code: T, label: string) => ({ value: code, label });
  const e = (key: keyof UploadValues | 'root') => {
    const message = key === 'root' ? errors.root?.server?.message : errors[key]?.message;
    return message ? [message] : undefined;
  };
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('title')}</h1>
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
          onTooLarge={onTooLarge}
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
        <fieldset className={styles.visibility}>
          <legend>{t('form.visibility')}</legend>
          <label>
            <input
              type="radio"
              name="published"
              checked={values.published}
              onChange={() => {
                update('published', true);
                if (!user?.is_premium) setModal('premium');
              }}
            />
            {t('form.public')}
          </label>
          <label>
            <input type="radio" name="published" checked={!values.published} onChange={() => update('published', false)} />
            {t('form.private')}
          </label>
        </fieldset>
        <FieldError messages={e('root')} />
        {Object.keys(errors).length > 0 && (
          <p className="form-error" role="alert">
            {t('errors.fix')}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={publish} disabled={draft.saving || images.progress !== null || images.coverBusy} data-testid="publish">
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
      <section className={styles.main}>
        <Suspense fallback={<Spinner />}>
          <Editor
            initialHtml={form.getValues('content')}
            revision={revision}
            onChange={onEditorChange}
            onFiles={images.onFiles}
            onReady={onEditorReady}
            progress={images.progress}
            background={values.background}
          />
        </Suspense>
        <FieldError messages={e('content')} />
      </section>

      <Modal open={modal === 'premium'} onClose={() => setModal(null)} title={t('modals.premiumTitle')} footer={<CloseButton onClick={() => setModal(null)} />}>
        <p>{t('modals.premium')}</p>
      </Modal>
      <Modal open={modal === 'empty'} onClose={() => setModal(null)} title={t('modals.emptyTitle')} footer={<CloseButton onClick={() => setModal(null)} />}>
        <p data-testid="empty-modal">{t('modals.empty')}</p>
      </Modal>
      <Modal
        open={modal === 'tooLarge'}
        onClose={() => setModal(null)}
        title={t('modals.tooLargeTitle')}
        footer={<CloseButton onClick={() => setModal(null)} />}
      >
        <p data-testid="too-large-modal">{t('modals.tooLarge')}</p>
      </Modal>
      <ConfirmDialog
        open={modal === 'alt'}
        title={t('modals.altTitle')}
        message={t('modals.alt', { count: missingAlt })}
        confirmLabel={t('modals.altPublish')}
        cancelLabel={t('modals.altAdd')}
        onConfirm={() => {
          setModal(null);
          void publish();
        }}
        onCancel={() => setModal(null)}
      />
      <ConfirmDialog
        open={modal === 'session'}
        title={t('modals.sessionTitle')}
        message={t('modals.session')}
        confirmLabel={t('actions.login')}
        cancelLabel={t('actions.close')}
        onConfirm={() => window.location.assign(`/login/?redirect=${encodeURIComponent(window.location.pathname)}`)}
        onCancel={() => setModal(null)}
      />
      <ConfirmDialog
        open={modal === 'draft'}
        title={t('modals.draftTitle')}
        message={t('modals.draft')}
        confirmLabel={t('modals.draftContinue')}
        cancelLabel={t('modals.draftDiscard')}
        onConfirm={() => {
          setModal(null);
          draft.continueDraft();
        }}
        onCancel={() => {
          setModal(null);
          draft.discardDraft();
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('modals.leaveTitle')}
        message={t('modals.leave')}
        confirmLabel={t('actions.leave')}
        cancelLabel={t('actions.stay')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
      <Modal open={modal === 'preview'} onClose={() => setModal(null)} title={t('modals.previewTitle')} size="large">
        <article className={styles.preview} data-testid="preview-modal">
          <header>
            <h2>{values.title || t('preview.untitled')}</h2>
            <p>
              {t('preview.by', { name: user?.name ?? '' })}
              {values.categories.length > 0 &&
                ` · ${values.categories.map((c) => localName(site.categories.find((x) => x.category === c) ?? { name_ko: c, name_en: c })).join(', ')}`}
            </p>
            {values.tags.length > 0 && <p className={styles.previewTags}>{values.tags.map((tag) => `#${tag}`).join(' ')}</p>}
          </header>
          <div
            className={styles.previewBody}
            style={{ background: values.background }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the author's own editor output (ProseMirror schema); the server sanitizes it on save
            dangerouslySetInnerHTML={{ __html: modal === 'preview' ? editorRef.current?.getHTML() || values.content : '' }}
          />
        </article>
      </Modal>
    </div>
  );
}

function CloseButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('upload');
  return (
    <button type="button" className="btn" onClick={onClick}>
      {t('actions.confirm')}
    </button>
  );
}
