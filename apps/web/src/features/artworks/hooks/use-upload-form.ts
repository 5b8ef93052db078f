import { translate } from '@axoo/contract';
import { imagesWithoutAlt, publishProblems } from '@axoo/contract/artworks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PathValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import type { Artwork, CurrentUser } from '../../../site.ts';
import type { ArtworkPayload } from '../api/upload.ts';
import type { EditorHandle } from '../Editor.tsx';
import { emptyValues, hasSomething, newValues, payloadOf, type UploadValues, valuesOf } from '../form.ts';
import { useAutosave } from './use-autosave.ts';
import { useArtworkDraft } from './use-draft.ts';
import { type StoredCover, useImageUpload } from './use-image-upload.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

export type UploadModal = 'premium' | 'empty' | 'session' | 'tooLarge' | 'draft' | 'preview' | 'alt' | null;
const SESSION_LOST = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * The upload screen's state (SPEC §2 Upload, §4 Artwork draft, §8 messages): the react-hook-form values, the
 * record, autosave, image uploads, the leave guard, which dialog is open, and publishing. `onPublished` gets the
 * saved artwork once every query was refreshed; the page decides where to go.
 */
export function useUploadForm(options: { inviteId?: number; lang: 'ko' | 'en'; user: CurrentUser | null; onPublished: (saved: Artwork) => void }) {
  const { inviteId, lang, user, onPublished } = options;
  const { t } = useTranslation('upload');
  const queryClient = useQueryClient();
  const routeId = Number(useParams().artworkId) || null;

  const form = useForm<UploadValues>({ defaultValues: newValues(user) });
  const values = form.watch();
  const { errors, isDirty: dirty } = form.formState;
  const [revision, setRevision] = useState(0);
  const [modal, setModal] = useState<UploadModal>(null);
  const [missingAlt, setMissingAlt] = useState(0);
  /** Issue #34 (1): when the saved artwork publishes itself (ISO), or null. */
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const editorRef = useRef<EditorHandle | null>(null);
  // The page's fields and editor: a failed publish focuses the first invalid one (issue #29.8).
  const { ref: fieldsRef, focusInvalid } = useFocusInvalid<HTMLDivElement>();

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
    onLoaded: (artwork) => {
      replaceValues(valuesOf(artwork));
      setScheduledAt(artwork.publish_at);
    },
    onReset: () => replaceValues(newValues(user)),
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
      const name = field === 'background_color' ? 'background' : field === 'publish_at' ? 'schedule' : field.startsWith('watermark.') ? 'watermark' : field;
      if (name in emptyValues) form.setError(name as keyof UploadValues, { type: 'server', message: messages.join(' ') });
      else form.setError('root.server', { type: 'server', message: messages.join(' ') });
    }
  };

  /** SPEC §5 rules for publishing now or later: their messages, or true when the project may be published. */
  const publishable = (html: string) => {
    const problems = publishProblems({ ...form.getValues(), content: html });
    if (!Object.keys(problems).length) return true;
    showErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, [translate(lang, key)]])));
    // An empty artwork is said by a dialog, which holds the focus; otherwise the first invalid field takes it.
    if (problems.content) setModal('empty');
    else focusInvalid();
    return false;
  };
  const saveFailed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      showErrors(error.fields);
      if (error.fields.content) setModal('empty');
      else focusInvalid();
    } else if (SESSION_LOST(error)) onSessionLost();
    else showErrors({ non_field_errors: [t('errors.saveFailed')] });
  };

  /** Issue #34 (1): schedules the publication at the schedule field's local time, or cancels it (null). */
  const schedule = async (cancel = false) => {
    const html = editorRef.current?.getHTML() || form.getValues('content');
    const local = form.getValues('schedule');
    if (!cancel && !local) return form.setError('schedule', { type: 'required', message: translate(lang, 'artwork.publish_at_invalid') });
    if (!cancel && !publishable(html)) return;
    try {
      const saved = await save({ content: html, publish_at: cancel ? null : new Date(local).toISOString() });
      setScheduledAt(saved.publish_at);
      if (cancel) form.setValue('schedule', '');
      form.clearErrors('schedule');
    } catch (error) {
      saveFailed(error);
    }
  };

  const publish = async () => {
    const html = editorRef.current?.getHTML() || form.getValues('content');
    if (!publishable(html)) return;
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
      onPublished(saved);
    } catch (error) {
      saveFailed(error);
    }
  };

  const onEditorChange = useCallback((html: string) => form.setValue('content', html, { shouldDirty: true }), [form]);
  const onEditorReady = useCallback((handle: EditorHandle) => {
    editorRef.current = handle;
  }, []);

  /** A field's message as the FieldError list, or none; 'root' is what belongs to no field. */
  const messagesOf = (key: keyof UploadValues | 'root') => {
    const message = key === 'root' ? errors.root?.server?.message : errors[key]?.message;
    return message ? [message] : undefined;
  };

  return {
    form,
    values,
    errors,
    dirty,
    revision,
    modal,
    setModal,
    missingAlt,
    editorRef,
    fieldsRef,
    draft,
    images,
    blocker,
    update,
    publish,
    schedule,
    scheduledAt,
    messagesOf,
    onTooLarge,
    onEditorChange,
    onEditorReady,
  };
}

export type UploadForm = ReturnType<typeof useUploadForm>;
