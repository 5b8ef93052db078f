import { CARD_WIDTH, IMAGE_TYPES, mediaUrl } from '@axoo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { FileTooLargeError, uploadImage } from '../../../api/upload.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import styles from '../AdminPage.module.css';

/**
 * An image field of the console (banner image, partner logo): SPEC §4 Image upload through the
 * console's presign endpoint; the field holds the stored filename once the bytes are in.
 */
export function ImageField({ label, value, onChange, error }: { label: string; value: string; onChange: (key: string) => void; error?: string[] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const { filename } = await uploadImage('/api/v1/admin/presign/', file, { onProgress: setProgress });
      onChange(filename);
    } catch (e) {
      if (e instanceof FileTooLargeError) setProblem(t('image.tooLarge'));
      else if (e instanceof ApiError) setProblem(Object.values(e.fields).flat()[0] ?? e.detail ?? t('image.failed'));
      else setProblem(t('image.failed'));
    } finally {
      setProgress(null);
    }
  }

  const messages = [...(problem ? [problem] : []), ...(error ?? [])];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {value && <img className={styles.preview} src={mediaUrl(value, CARD_WIDTH)} alt="" />}
      <input
        {...fieldControl(id, messages)}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        onChange={(e) => void choose(e.target.files?.[0])}
        disabled={progress !== null}
      />
      {progress !== null && <p className={styles.hint}>{t('image.uploading', { percent: Math.round(progress * 100) })}</p>}
      <FieldError for={id} messages={messages} />
    </div>
  );
}
