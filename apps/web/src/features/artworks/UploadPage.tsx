import { asLang } from '@axoo/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type Artwork, useCurrentUser } from '../../site.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useUploadForm } from './hooks/use-upload-form.ts';
import styles from './Upload.module.css';
import { UploadDialogs } from './UploadDialogs.tsx';
import { UploadFields } from './UploadFields.tsx';

// ProseMirror and TipTap are the heaviest part of the page: their own chunk.
const Editor = lazy(() => import('./Editor.tsx'));

const MOBILE_QUERY = '(max-width: 767px)';

/**
 * SPEC §2 Upload, §4 Artwork draft, §8 messages. With `inviteId` it is step 1 of an invite application:
 * drafts live at /goodluck/{inviteId}/upload/{id}/ and publishing goes to the published confirmation.
 * The values live in a react-hook-form form; the record, autosave, image uploads, the leave guard, the dialogs
 * and publishing are one hook (`useUploadForm`); the side bar's fields and the dialogs are components.
 */
export default function UploadPage({ inviteId }: { inviteId?: number }) {
  const { t, i18n } = useTranslation('upload');
  const lang = asLang(i18n.language);
  const user = useCurrentUser();
  const navigate = useNavigate();
  // Issue #34 (4): on a phone the editor is not offered, but a project's versions are.
  const param = Number(useParams().artworkId);
  const routeId = Number.isInteger(param) && param > 0 ? param : null;
  const [mobile] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches);

  const onPublished = (saved: Artwork) => {
    const to = inviteId ? `/goodluck/${inviteId}/published/${saved.id}/` : `/${saved.author?.slug ?? user?.slug}/`;
    navigate(to, { state: { force: true } });
  };
  const upload = useUploadForm({ inviteId, lang, user, onPublished });

  if (mobile) {
    return (
      <div className="page narrow">
        <h1 className="visually-hidden">{t('title')}</h1>
        <p className="empty" data-testid="upload-mobile">
          {t('mobile')}
        </p>
        {routeId !== null && (
          <>
            {/* Issue #34 (7): a draft opened on a phone (shared from its gallery) is kept for the computer. */}
            <p role="status" data-testid="upload-mobile-saved">
              {t('mobileSaved')}
            </p>
            {/* Issue #34 (4): on a phone the editor is not offered, but a project's versions are. */}
            <p>
              <Link to={`/upload/${routeId}/versions/`} data-testid="versions-link">
                {t('versions.link')}
              </Link>
            </p>
          </>
        )}
      </div>
    );
  }
  if (upload.draft.loading) return <Spinner />;

  return (
    <div ref={upload.fieldsRef} className={styles.page}>
      <h1 className="visually-hidden">{t('title')}</h1>
      <UploadFields upload={upload} />
      <section className={styles.main}>
        <Suspense fallback={<Spinner />}>
          <Editor
            initialHtml={upload.form.getValues('content')}
            revision={upload.revision}
            onChange={upload.onEditorChange}
            onFiles={upload.images.onFiles}
            onReady={upload.onEditorReady}
            progress={upload.images.progress}
            background={upload.values.background}
          />
        </Suspense>
        <FieldError messages={upload.messagesOf('content')} />
      </section>
      <UploadDialogs upload={upload} />
    </div>
  );
}
