import { ALT_MAX, CARD_WIDTH, COVER_RATIO, IMAGE_MAX_BYTES, mediaUrl } from '@axoo/contract';
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { ImageCropper } from '../../ui/Cropper.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import styles from './Upload.module.css';

interface Props {
  /** The stored cropped cover (or a blob: URL while it uploads). */
  cropped: string;
  busy: boolean;
  errors?: string[];
  onTooLarge: () => void;
  /** The original file and its crop, to upload both (SPEC §4: raw and cropped cover stored). */
  onCropped: (raw: File, cropped: Blob) => void;
  /** Issue #18: the cover's alt text. */
  alt: string;
  onAltChange: (alt: string) => void;
}

/** SPEC §2 Upload cover: a dropzone, then the cropper at 240:167 (zoom no larger than the natural size). */
export function CoverField({ cropped, busy, errors, onTooLarge, onCropped, alt, onAltChange }: Props) {
  const { t } = useTranslation('upload');
  const [file, setFile] = useState<File | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'image/jpeg': [], 'image/png': [], 'image/gif': [], 'image/webp': [] },
    multiple: false,
    disabled: busy,
    onDrop: (accepted) => {
      const f = accepted[0];
      if (!f) return;
      if (f.size > IMAGE_MAX_BYTES) return onTooLarge();
      setFile(f);
      setSrc(URL.createObjectURL(f));
    },
  });

  return (
    <div className="field">
      <span id="upload-cover-label" className={styles.label}>
        {t('form.cover')}
      </span>
      <div
        {...getRootProps({
          className: `${styles.dropzone} ${isDragActive ? styles.dragging : ''}`,
          // Enter or Space opens the file chooser; a group named by the field's label and described by its messages (issue #21).
          role: 'group',
          'aria-labelledby': 'upload-cover-label',
          'aria-invalid': errors?.length ? true : undefined,
          'aria-describedby': 'upload-cover-error',
        })}
        data-testid="cover-dropzone"
      >
        <input {...getInputProps()} data-testid="cover-file" />
        {cropped ? (
          <img className={styles.coverPreview} src={mediaUrl(cropped, CARD_WIDTH)} alt={alt} width={240} height={167} />
        ) : (
          <p>{t('form.coverDrop')}</p>
        )}
        {busy && <p className={styles.hint}>{t('form.coverUploading')}</p>}
        {cropped && !busy && <span className={styles.hint}>{t('form.coverChange')}</span>}
      </div>
      <FieldError for="upload-cover" messages={errors} />
      {cropped && (
        <label className={styles.altField}>
          <span className={styles.label}>{t('form.coverAlt')}</span>
          <input value={alt} maxLength={ALT_MAX} onChange={(e) => onAltChange(e.target.value)} aria-describedby="cover-alt-hint" data-testid="cover-alt" />
          <span id="cover-alt-hint" className={styles.hint}>
            {t('form.coverAltHint')}
          </span>
        </label>
      )}
      {src && file && (
        <ImageCropper
          open
          src={src}
          aspect={COVER_RATIO}
          title={t('form.coverCrop')}
          hint={t('form.coverHint')}
          outputType={file.type === 'image/png' ? 'image/png' : 'image/jpeg'}
          onCancel={() => {
            setSrc(null);
            setFile(null);
          }}
          onDone={(blob) => {
            onCropped(file, blob);
            setSrc(null);
            setFile(null);
          }}
        />
      )}
    </div>
  );
}
