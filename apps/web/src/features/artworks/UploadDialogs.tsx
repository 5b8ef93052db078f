import { useTranslation } from 'react-i18next';
import { useCurrentUser, useLocalName, useSite } from '../../site.ts';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import type { UploadForm } from './hooks/use-upload-form.ts';
import styles from './Upload.module.css';

/** The upload screen's dialogs (SPEC §8): premium, empty, too large, alt text, session, open draft, leave, preview. */
export function UploadDialogs({ upload }: { upload: UploadForm }) {
  const { t } = useTranslation('upload');
  const { modal, setModal, draft, blocker, values, editorRef } = upload;
  const close = () => setModal(null);
  return (
    <>
      <Modal open={modal === 'premium'} onClose={close} title={t('modals.premiumTitle')} footer={<CloseButton onClick={close} />}>
        <p>{t('modals.premium')}</p>
      </Modal>
      <Modal open={modal === 'empty'} onClose={close} title={t('modals.emptyTitle')} footer={<CloseButton onClick={close} />}>
        <p data-testid="empty-modal">{t('modals.empty')}</p>
      </Modal>
      <Modal open={modal === 'tooLarge'} onClose={close} title={t('modals.tooLargeTitle')} footer={<CloseButton onClick={close} />}>
        <p data-testid="too-large-modal">{t('modals.tooLarge')}</p>
      </Modal>
      <ConfirmDialog
        open={modal === 'alt'}
        title={t('modals.altTitle')}
        message={t('modals.alt', { count: upload.missingAlt })}
        confirmLabel={t('modals.altPublish')}
        cancelLabel={t('modals.altAdd')}
        onConfirm={() => {
          setModal(null);
          void upload.publish();
        }}
        onCancel={close}
      />
      <ConfirmDialog
        open={modal === 'session'}
        title={t('modals.sessionTitle')}
        message={t('modals.session')}
        confirmLabel={t('actions.login')}
        cancelLabel={t('actions.close')}
        onConfirm={() => window.location.assign(`/login/?redirect=${encodeURIComponent(window.location.pathname)}`)}
        onCancel={close}
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
      <Modal open={modal === 'preview'} onClose={close} title={t('modals.previewTitle')} size="large">
        <Preview values={values} html={modal === 'preview' ? editorRef.current?.getHTML() || values.content : ''} />
      </Modal>
    </>
  );
}

/** The artwork as it will read: title, author, genres, tags and the editor's HTML on its background. */
function Preview({ values, html }: { values: UploadForm['values']; html: string }) {
  const { t } = useTranslation('upload');
  const site = useSite();
  const user = useCurrentUser();
  const localName = useLocalName();
  return (
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
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
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
