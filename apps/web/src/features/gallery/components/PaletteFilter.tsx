import { parsePaletteFilter } from '@axoo/contract';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lazy.ts';
import { Popover } from '../../../ui/Popover.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import styles from './PaletteFilter.module.css';

// The picker (react-colorful) loads when the panel first opens: the gallery's first paint shows only the button (issue #29.7).
const PaletteForm = lazyComponent(() => import('./PaletteForm.tsx'));

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
  const clear = () => {
    onChange('');
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
      <Suspense fallback={<Spinner />}>
        <PaletteForm draft={draft} setDraft={setDraft} value={value} onSubmit={find} onClear={clear} />
      </Suspense>
    </Popover>
  );
}
