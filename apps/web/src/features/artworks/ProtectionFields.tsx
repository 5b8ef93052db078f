import { PUBLIC_WIDTHS, WATERMARK_POSITIONS, WATERMARK_TEXT_MAX, type Watermark, type WatermarkPosition } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../site.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { fieldControl } from '../../ui/FormField.tsx';
import type { UploadForm } from './hooks/use-upload-form.ts';
import styles from './Upload.module.css';

/**
 * Issue #34 (6): the project's image protection: the widest public image (or no limit) and an optional watermark,
 * with a one-line explanation, and, once saved, the author's download of the cover's original.
 */
export function ProtectionFields({ upload, artworkId }: { upload: UploadForm; artworkId: number | null }) {
  const { t } = useTranslation('upload');
  const user = useCurrentUser();
  const { values, update, messagesOf: e } = upload;
  const mark = values.watermark;
  const setMark = (next: Partial<Watermark>) => mark && update('watermark', { ...mark, ...next });
  return (
    <fieldset className={styles.schedule} aria-describedby="upload-protection-hint" data-testid="upload-protection">
      <legend>{t('form.protection.label')}</legend>
      <span id="upload-protection-hint" className={styles.hint}>
        {t('form.protection.hint')}
      </span>
      <label htmlFor="upload-max-width">{t('form.protection.width')}</label>
      <select
        {...fieldControl('upload-max-width', e('max_public_width'))}
        value={values.max_public_width ?? ''}
        onChange={(ev) => update('max_public_width', ev.target.value ? Number(ev.target.value) : null)}
      >
        <option value="">{t('form.protection.none')}</option>
        {PUBLIC_WIDTHS.map((w) => (
          <option key={w} value={w}>
            {t('form.protection.px', { width: w })}
          </option>
        ))}
      </select>
      <FieldError for="upload-max-width" messages={e('max_public_width')} />
      <label>
        <input
          type="checkbox"
          checked={mark !== null}
          data-testid="upload-watermark"
          onChange={(ev) =>
            update('watermark', ev.target.checked ? { text: `© ${user?.name || user?.username || ''}`.trim(), position: 'bottom-right', opacity: 0.6 } : null)
          }
        />{' '}
        {t('form.protection.watermark')}
      </label>
      {mark && (
        <>
          <label htmlFor="upload-watermark-text">{t('form.protection.text')}</label>
          <input
            {...fieldControl('upload-watermark-text', e('watermark'))}
            value={mark.text}
            maxLength={WATERMARK_TEXT_MAX}
            onChange={(ev) => setMark({ text: ev.target.value })}
          />
          <label htmlFor="upload-watermark-position">{t('form.protection.position')}</label>
          <select id="upload-watermark-position" value={mark.position} onChange={(ev) => setMark({ position: ev.target.value as WatermarkPosition })}>
            {WATERMARK_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {t(`form.protection.positions.${p}`)}
              </option>
            ))}
          </select>
          <label htmlFor="upload-watermark-opacity">
            {t('form.protection.opacity')} {Math.round(mark.opacity * 100)}%
          </label>
          <input
            id="upload-watermark-opacity"
            type="range"
            min={0.1}
            max={1}
            step={0.05}
            value={mark.opacity}
            onChange={(ev) => setMark({ opacity: Number(ev.target.value) })}
          />
          <FieldError for="upload-watermark-text" messages={e('watermark')} />
        </>
      )}
      {artworkId !== null && (
        <a href={`/api/v1/artworks/${artworkId}/original/`} download data-testid="download-original">
          {t('form.protection.download')}
        </a>
      )}
    </fieldset>
  );
}
