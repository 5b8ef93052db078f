import { type FormEvent, useId } from 'react';
import { HexColorInput } from 'react-colorful';
import { useTranslation } from 'react-i18next';
import { ColourPicker } from '../../../ui/ColourPicker.tsx';
import styles from './PaletteFilter.module.css';

interface PaletteFormProps {
  draft: string;
  setDraft: (hex: string) => void;
  /** The colour in the URL now; Clear shows only when there is one. */
  value: string;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
}

/** The palette filter's panel: the picker, the #rrggbb field, Find and Clear (loaded when the panel opens). */
export default function PaletteForm({ draft, setDraft, value, onSubmit, onClear }: PaletteFormProps) {
  const { t } = useTranslation('gallery');
  const id = useId();
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <ColourPicker label={t('palette.picker')} color={draft} onChange={(hex) => setDraft(hex.toLowerCase())} />
      <label htmlFor={id} className={styles.label}>
        {t('palette.hex')}
      </label>
      <div className={styles.row}>
        <i className={styles.swatch} style={{ background: draft }} />
        <HexColorInput id={id} prefixed color={draft} onChange={(hex) => setDraft(hex.toLowerCase())} className={styles.hex} />
      </div>
      <p className={styles.hint}>{t('palette.hint')}</p>
      <div className={styles.actions}>
        <button type="submit" className="btn small">
          {t('palette.find')}
        </button>
        {value && (
          <button type="button" className="btn secondary small" onClick={onClear}>
            {t('palette.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
