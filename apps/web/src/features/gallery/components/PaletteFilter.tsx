import { parsePaletteFilter } from '@axoo/contract';
import { type FormEvent, useId, useState } from 'react';
import { HexColorInput } from 'react-colorful';
import { useTranslation } from 'react-i18next';
import { ColourPicker } from '../../../ui/ColourPicker.tsx';
import { Popover } from '../../../ui/Popover.tsx';
import styles from './PaletteFilter.module.css';

/** Where the picker starts when no colour is chosen yet. */
const START = '#d62020';

/**
 * Issue #18: the gallery's free colour filter, beside the named colours. A button showing the chosen colour opens a
 * small dialog with the picker (both sliders named from the catalogue, arrow keys move them) and a #rrggbb field;
 * Find puts `palette=#rrggbb` in the URL like the other filters, Clear takes it out.
 */
export function PaletteFilter({ value, onChange }: { value: string; onChange: (palette: string) => void }) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value || START);
  const id = useId();
  const shown = value || t('any');
  const openChange = (next: boolean) => {
    if (next) setDraft(value || START);
    setOpen(next);
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    const colour = parsePaletteFilter(draft);
    if (!colour) return;
    onChange(colour);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={openChange}
      className={styles.panel}
      triggerProps={{ className: styles.trigger, 'aria-label': `${t('palette.label')} ${shown}`, 'data-testid': 'palette-filter' }}
      trigger={
        <>
          <span className={styles.label}>{t('palette.label')}</span>{' '}
          <span className={styles.value}>
            {value && <i className={styles.swatch} style={{ background: value }} />}
            {shown}
          </span>
        </>
      }
    >
      <form className={styles.form} onSubmit={find}>
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
            <button
              type="button"
              className="btn secondary small"
              onClick={() => {
                onChange('');
                setOpen(false);
              }}
            >
              {t('palette.clear')}
            </button>
          )}
        </div>
      </form>
    </Popover>
  );
}
