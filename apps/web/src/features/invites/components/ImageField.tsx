import { AVATAR_WIDTH, mediaUrl } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../api/upload.ts';
import styles from '../admin/admin.module.css';
import { INVITE_PRESIGN_PATH } from '../api/invites.ts';

/** An invite's logo or background: its thumbnail, an upload button and a remove button. */
export function ImageField({ label, value, onChange }: { label: string; value: string; onChange: (key: string) => void }) {
  const { t } = useTranslation('invites');
  const [busy, setBusy] = useState(false);
  return (
    <div className="field">
      <span className={styles.label}>{label}</span>
      <div className={styles.imageRow}>
        {value && <img src={mediaUrl(value, AVATAR_WIDTH)} alt="" width={78} height={78} className={styles.thumb} />}
        <label className="btn secondary small">
          {busy ? t('edit.uploading') : t('admin.upload')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            // In the Tab order (the label shows its focus ring, issue #21).
            className="visually-hidden"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setBusy(true);
              try {
                onChange((await uploadImage(INVITE_PRESIGN_PATH, file)).filename);
              } finally {
                setBusy(false);
              }
            }}
          />
        </label>
        {value && (
          <button type="button" className="btn secondary small" onClick={() => onChange('')}>
            {t('admin.remove')}
          </button>
        )}
      </div>
    </div>
  );
}
