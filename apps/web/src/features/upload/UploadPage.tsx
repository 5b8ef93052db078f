import { DEFAULT_BACKGROUND, displayedSize, type LicenceCode, licenceOf, LICENCES, mediaUrl, MULTI_SELECT_MAX, translate } from '@axoo/contract';
import { publishProblems } from '@axoo/contract/artworks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { HexColorInput, HexColorPicker } from 'react-colorful';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FileTooLargeError, probeImage, uploadImage } from '../../api/upload.ts';
import { type Artwork, useCurrentUser, useLocalName, useSite } from '../../site.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { MultiSelect, Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { type ArtworkPayload, createArtwork, deleteArtwork, findOpenDraft, loadArtwork, presignPath, saveArtwork } from './api/upload.ts';
import { CoverField } from './CoverField.tsx';
import type { EditorHandle } from './Editor.tsx';
import { TagInput } from './TagInput.tsx';
import styles from './Upload.module.css';

// ProseMirror and TipTap are the heaviest part of the page: their own chunk.
const Editor = lazy(() => import('./Editor.tsx'));

interface FormState {
  title: string;
  categories: string[];
  fields: string[];
  concepts: string[];
  color: number | null;
  licence: LicenceCode | null;
  tags: string[];
  background: string;
  published: boolean;
  cover: string;
  raw_cover: string;
  cropped_cover: string;
  width: number | null;
  height: number | null;
}

const emptyForm: FormState = {
  title: '',
  categories: [],
  fields: [],
  concepts: [],
  color: null,
  licence: null,
  tags: [],
  background: DEFAULT_BACKGROUND,
  published: true,
  cover: '',
  raw_cover: '',
  cropped_cover: '',
  width: null,
  height: null,
};

function formOf(a: Artwork): FormState {
  return {
    title: a.title,
    categories: a.categories.map((c) => c.category),
    fields: a.fields.map((f) => f.field),
    concepts: a.concepts.map((c) => c.concept),
    color: a.color?.id ?? null,
    licence: a.licence_chosen ? licenceOf(a) : null,
    tags: a.tags.map((t) => t.name),
    background: a.background_color || DEFAULT_BACKGROUND,
    published: a.published,
    cover: a.cover,
    raw_cover: a.raw_cover,
    cropped_cover: a.cropped_cover,
    width: a.width,
    height: a.height,
  };
}

function payloadOf(f: FormState, content: string): ArtworkPayload {
  return {
    title: f.title,
    content,
    categories: f.categories,
    fields: f.fields,
    concepts: f.concepts,
    color: f.color,
    licence: f.licence,
    tags: f.tags,
    background_color: f.background,
    published: f.published,
    cover: f.cover,
    raw_cover: f.raw_cover,
    cropped_cover: f.cropped_cover,
    width: f.width,
    height: f.height,
  };
}

type ModalName = 'premium' | 'empty' | 'session' | 'tooLarge' | 'draft' | 'preview' | null;
const AUTOSAVE_MS = 3000;
const MOBILE_QUERY = '(max-width: 767px)';

/**
 * SPEC §2 Upload, §4 Artwork draft, §8 messages. With `inviteId` it is step 1 of an invite application:
 * drafts live at /goodluck/{inviteId}/upload/{id}/ and publishing goes to the published confirmation.
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
  const [artworkId, setArtworkId] = useState<number | null>(null);
  const [form, setForm] = useState<FormState>(emptyForm);
  const [content, setContent] = useState('');
  const [revision, setRevision] = useState(0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [modal, setModal] = useState<ModalName>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [coverBusy, setCoverBusy] = useState(false);
  const [loading, setLoading] = useState(Boolean(routeId));
  const [openDraft, setOpenDraft] = useState<number | null>(null);
  const editorRef = useRef<EditorHandle | null>(null);
  const idRef = useRef<number | null>(null);
  const creating = useRef<Promise<number> | null>(null);
  const latest = useRef({ form, content });
  latest.current = { form, content };

  const draftPath = useCallback((id: number) => (inviteId ? `/goodluck/${inviteId}/upload/${id}/` : `/upload/${id}/`), [inviteId]);
  const newPath = inviteId ? `/goodluck/${inviteId}/upload/` : '/upload/';

  const reset = useCallback(() => {
    idRef.current = null;
    setArtworkId(null);
    setForm(emptyForm);
    setContent('');
    setRevision((r) => r + 1);
    setErrors({});
    setDirty(false);
  }, []);

  // SPEC §4: /upload/{id}/ loads that artwork; a 404 (or someone else's) resets to a new upload.
  useEffect(() => {
    if (!routeId || routeId === idRef.current || !user) {
      setLoading(false);
      return;
    }
    let cancelled = false;
    setLoading(true);
    loadArtwork(routeId)
      .then((a) => {
        if (cancelled) return;
        if (a.author?.id !== user.id) throw new ApiError(404, {});
        idRef.current = a.id;
        setArtworkId(a.id);
        setForm(formOf(a));
        setContent(a.content ?? '');
        setRevision((r) => r + 1);
        setDirty(false);
      })
      .catch(() => {
        if (cancelled) return;
        reset();
        navigate(newPath, { replace: true, state: { force: true } });
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [routeId, user, navigate, newPath, reset]);

  // SPEC §4: opening upload offers an existing draft.
  useEffect(() => {
    if (routeId || !user || idRef.current) return;
    let cancelled = false;
    findOpenDraft(user.id)
      .then((page) => {
        const draft = page.results[0];
        if (!cancelled && draft) {
          setOpenDraft(draft.id);
          setModal('draft');
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [routeId, user]);

  /** The first image insert or autosave creates the record; the URL becomes the draft's. */
  const ensureArtwork = useCallback(async (): Promise<number> => {
    if (idRef.current) return idRef.current;
    creating.current ??= createArtwork(payloadOf(latest.current.form, latest.current.content))
      .then((a) => {
        idRef.current = a.id;
        setArtworkId(a.id);
        setSavedOnce(true);
        navigate(draftPath(a.id), { replace: true, state: { force: true } });
        return a.id;
      })
      .finally(() => {
        creating.current = null;
      });
    return creating.current;
  }, [navigate, draftPath]);

  const save = useCallback(
    async (extra: Partial<ArtworkPayload> = {}) => {
      setSaving(true);
      try {
        const body = { ...payloadOf(latest.current.form, editorRef.current?.getHTML() || latest.current.content), ...extra };
        const id = idRef.current ?? (await ensureArtwork());
        const saved = await saveArtwork(id, body);
        setDirty(false);
        setSavedOnce(true);
        return saved;
      } finally {
        setSaving(false);
      }
    },
    [ensureArtwork],
  );

  // Autosave a few seconds after the last change (creates the draft the first time there is something to keep).
  // biome-ignore lint/correctness/useExhaustiveDependencies: form and content restart the timer; their values are read from `latest`.
  useEffect(() => {
    if (!dirty || progress !== null || coverBusy) return;
    const { form: f, content: c } = latest.current;
    if (!idRef.current && !f.title.trim() && !/<img|\w/.test(c.replace(/<[^>]+>/g, (tag) => (tag.startsWith('<img') ? '<img' : '')))) return;
    const timer = setTimeout(() => {
      save().catch((error) => {
        if (error instanceof ApiError && error.status === 403) setModal('session');
      });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, form, content, progress, coverBusy, save]);

  // SPEC §8 leave confirmation, plus the browser's unload warning; skipped when the navigation carries `force`.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const state = nextLocation.state as { force?: boolean } | null;
    return dirty && !state?.force && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setDirty(true);
    if (errors[key === 'cropped_cover' ? 'cover' : key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  /** SPEC §4 Image upload into the editor: record first, then presign, PUT with progress, swap the blob: URL. */
  const onFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        let id: number;
        try {
          if (file.size > 10_485_760) throw new FileTooLargeError();
          id = await ensureArtwork();
        } catch (error) {
          setModal(error instanceof FileTooLargeError ? 'tooLarge' : 'session');
          return;
        }
        const blobUrl = URL.createObjectURL(file);
        const { width } = await probeImage(file);
        editorRef.current?.insertImage(blobUrl, width, null);
        setProgress(0);
        try {
          const stored = await uploadImage(presignPath(id), file, { onProgress: setProgress });
          editorRef.current?.replaceImage(blobUrl, mediaUrl(stored.filename));
          setErrors(({ content: _, ...rest }) => rest);
        } catch (error) {
          // SPEC §8: an image upload failure goes to the editor's failure callback, without a message.
          editorRef.current?.replaceImage(blobUrl, null);
          if (error instanceof FileTooLargeError) setModal('tooLarge');
        } finally {
          URL.revokeObjectURL(blobUrl);
          setProgress(null);
        }
      }
    },
    [ensureArtwork],
  );

  const onCover = async (raw: File, cropped: Blob) => {
    setCoverBusy(true);
    try {
      const id = await ensureArtwork();
      const [original, crop] = await Promise.all([uploadImage(presignPath(id), raw), uploadImage(presignPath(id), cropped, { filename: `cover-${raw.name}` })]);
      // SPEC §5/§9 large-image rule for the artwork's displayed dimensions.
      const size = original.width && original.height ? displayedSize(original.width, original.height) : { width: null, height: null };
      setForm((f) => ({ ...f, cover: original.filename, raw_cover: original.filename, cropped_cover: crop.filename, ...size }));
      setErrors(({ cover: _, ...rest }) => rest);
      setDirty(true);
    } catch (error) {
      if (error instanceof FileTooLargeError) setModal('tooLarge');
      else if (error instanceof ApiError && error.status === 403) setModal('session');
    } finally {
      setCoverBusy(false);
    }
  };

  const publish = async () => {
    const html = editorRef.current?.getHTML() || content;
    const problems = publishProblems({ ...form, content: html });
    if (Object.keys(problems).length) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, [translate(lang, key)]])));
      if (problems.content) setModal('empty');
      return;
    }
    try {
      const saved = await save({ draft: false, content: html });
      await queryClient.invalidateQueries();
      const to = inviteId ? `/goodluck/${inviteId}/published/${saved.id}/` : `/${saved.author?.slug ?? user?.slug}/`;
      navigate(to, { state: { force: true } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.fields);
        if (error.fields.content) setModal('empty');
      } else if (error instanceof ApiError && error.status === 403) setModal('session');
      else setErrors({ non_field_errors: [t('errors.saveFailed')] });
    }
  };

  const onEditorChange = useCallback((html: string) => {
    setContent(html);
    setDirty(true);
  }, []);
  const onEditorReady = useCallback((handle: EditorHandle) => {
    editorRef.current = handle;
  }, []);

  if (mobile) {
    return (
      <div className="page narrow">
        <p className="empty" data-testid="upload-mobile">
          {t('mobile')}
        </p>
      </div>
    );
  }
  if (loading) return <Spinner />;

  const option = <T extends string>(code: T, label: string) => ({ value: code, label });
  const e = (key: string) => errors[key];
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('title')}</h1>
      <aside className={styles.sidebar} aria-label={t('title')}>
        <div className="field">
          <label htmlFor="upload-title">{t('form.title')}</label>
          <input
            id="upload-title"
            value={form.title}
            maxLength={100}
            placeholder={t('form.titlePlaceholder')}
            aria-invalid={e('title') ? true : undefined}
            onChange={(ev) => update('title', ev.target.value)}
          />
          <FieldError messages={e('title')} />
        </div>
        <div className="field">
          <MultiSelect
            label={t('form.genres')}
            max={MULTI_SELECT_MAX}
            options={site.categories.map((c) => option(c.category, localName(c)))}
            value={form.categories}
            invalid={Boolean(e('categories'))}
            onChange={(v) => update('categories', v)}
          />
          <FieldError messages={e('categories')} />
        </div>
        <div className="field">
          <MultiSelect
            label={t('form.fields')}
            max={MULTI_SELECT_MAX}
            options={site.fields.map((f) => option(f.field, localName(f)))}
            value={form.fields}
            invalid={Boolean(e('fields'))}
            onChange={(v) => update('fields', v)}
          />
          <FieldError messages={e('fields')} />
        </div>
        <div className="field">
          <MultiSelect
            label={t('form.concepts')}
            max={MULTI_SELECT_MAX}
            options={site.concepts.map((c) => option(c.concept, localName(c)))}
            value={form.concepts}
            invalid={Boolean(e('concepts'))}
            onChange={(v) => update('concepts', v)}
          />
          <FieldError messages={e('concepts')} />
        </div>
        <div className="field">
          <Select
            label={t('form.color')}
            options={site.colors.map((c) => ({ value: c.id, label: localName(c), swatch: c.code }))}
            value={form.color}
            invalid={Boolean(e('color'))}
            onChange={(v) => update('color', v)}
          />
          <FieldError messages={e('color')} />
        </div>
        <div className="field">
          <Select
            label={t('form.licence')}
            options={LICENCES.map((l) => option(l.code, t(`licences.${l.code}`)))}
            value={form.licence}
            invalid={Boolean(e('licence'))}
            onChange={(v) => update('licence', v)}
          />
          <FieldError messages={e('licence')} />
        </div>
        <TagInput value={form.tags} onChange={(v) => update('tags', v)} serverErrors={e('tags')} />
        <CoverField
          cropped={form.cropped_cover}
          busy={coverBusy}
          errors={e('cover') ?? e('cropped_cover')}
          onTooLarge={() => setModal('tooLarge')}
          onCropped={onCover}
        />
        <div className="field">
          <span className={styles.label}>{t('form.background')}</span>
          <div className={styles.colour}>
            <HexColorPicker color={form.background} onChange={(v) => update('background', v.toUpperCase())} />
            <HexColorInput prefixed color={form.background} onChange={(v) => update('background', v.toUpperCase())} aria-label={t('form.background')} />
          </div>
          <FieldError messages={e('background_color')} />
        </div>
        <fieldset className={styles.visibility}>
          <legend>{t('form.visibility')}</legend>
          <label>
            <input
              type="radio"
              name="published"
              checked={form.published}
              onChange={() => {
                update('published', true);
                if (!user?.is_premium) setModal('premium');
              }}
            />
            {t('form.public')}
          </label>
          <label>
            <input type="radio" name="published" checked={!form.published} onChange={() => update('published', false)} />
            {t('form.private')}
          </label>
        </fieldset>
        <FieldError messages={e('non_field_errors')} />
        {Object.keys(errors).length > 0 && <p className="form-error">{t('errors.fix')}</p>}
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={publish} disabled={saving || progress !== null || coverBusy} data-testid="publish">
            {t('actions.publish')}
          </button>
          <button type="button" className="btn secondary" onClick={() => setModal('preview')} data-testid="preview">
            {t('actions.preview')}
          </button>
        </div>
        <p className={styles.status} aria-live="polite">
          {saving ? t('actions.saving') : savedOnce && !dirty && artworkId ? t('actions.saved') : ''}
        </p>
      </aside>
      <section className={styles.main}>
        <Suspense fallback={<Spinner />}>
          <Editor
            initialHtml={content}
            revision={revision}
            onChange={onEditorChange}
            onFiles={onFiles}
            onReady={onEditorReady}
            progress={progress}
            background={form.background}
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
          if (openDraft) navigate(draftPath(openDraft), { replace: true, state: { force: true } });
        }}
        onCancel={() => {
          setModal(null);
          if (openDraft) void deleteArtwork(openDraft).catch(() => undefined);
          setOpenDraft(null);
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
            <h2>{form.title || t('preview.untitled')}</h2>
            <p>
              {t('preview.by', { name: user?.name ?? '' })}
              {form.categories.length > 0 &&
                ` · ${form.categories.map((c) => localName(site.categories.find((x) => x.category === c) ?? { name_ko: c, name_en: c })).join(', ')}`}
            </p>
            {form.tags.length > 0 && <p className={styles.previewTags}>{form.tags.map((tag) => `#${tag}`).join(' ')}</p>}
          </header>
          <div
            className={styles.previewBody}
            style={{ background: form.background }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the author's own editor output (ProseMirror schema); the server sanitizes it on save
            dangerouslySetInnerHTML={{ __html: modal === 'preview' ? editorRef.current?.getHTML() || content : '' }}
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
