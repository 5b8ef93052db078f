import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from './Popover.tsx';
import styles from './Select.module.css';

export interface Option<V extends string | number> {
  value: V;
  label: string;
  swatch?: string;
}

interface SingleProps<V extends string | number> {
  /** The trigger's id: it is then described by its messages under `${id}-error` (ui/FormField.tsx fieldControl). */
  id?: string;
  label: string;
  options: Option<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  placeholder?: string;
  invalid?: boolean;
}

/** SPEC §4 Dropdowns: single select; choosing the selected value again clears it. */
export function Select<V extends string | number>({ id, label, options, value, onChange, placeholder, invalid }: SingleProps<V>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value);
  return (
    <Dropdown
      id={id}
      label={label}
      value={
        <>
          {current?.swatch && <i className={styles.swatch} style={{ background: current.swatch }} />}
          {current?.label ?? placeholder ?? t('select.placeholder')}
        </>
      }
      invalid={invalid}
      open={open}
      onOpenChange={setOpen}
    >
      <ul role="listbox" aria-label={label}>
        {options.map((o) => (
          <li key={o.value} role="none">
            <button
              type="button"
              role="option"
              aria-selected={o.value === value}
              onClick={() => {
                onChange(o.value === value ? null : o.value);
                setOpen(false);
              }}
            >
              {o.swatch && <i className={styles.swatch} style={{ background: o.swatch }} />}
              {o.label}
            </button>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}

interface MultiProps<V extends string | number> {
  /** The trigger's id: it is then described by its messages under `${id}-error` (ui/FormField.tsx fieldControl). */
  id?: string;
  label: string;
  options: Option<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  max: number;
  placeholder?: string;
  invalid?: boolean;
}

/** SPEC §4 Dropdowns: multi select bounded by a max (genres, fields, concepts: 2). */
export function MultiSelect<V extends string | number>({ id, label, options, value, onChange, max, placeholder, invalid }: MultiProps<V>) {
  const { t } = useTranslation();
  const chosen = options.filter((o) => value.includes(o.value));
  return (
    <Dropdown id={id} label={label} value={chosen.length ? chosen.map((o) => o.label).join(', ') : (placeholder ?? t('select.placeholder'))} invalid={invalid}>
      <p className={styles.hint}>{t('select.max', { max })}</p>
      <ul role="listbox" aria-multiselectable="true" aria-label={label}>
        {options.map((o) => {
          const selected = value.includes(o.value);
          const disabled = !selected && value.length >= max;
          return (
            <li key={o.value} role="none">
              <button
                type="button"
                role="option"
                aria-selected={selected}
                disabled={disabled}
                onClick={() => onChange(selected ? value.filter((v) => v !== o.value) : [...value, o.value])}
              >
                <span className={styles.check} aria-hidden="true">
                  {selected ? '✓' : ''}
                </span>
                {o.label}
              </button>
            </li>
          );
        })}
      </ul>
    </Dropdown>
  );
}

interface DropdownProps {
  id?: string;
  label: string;
  value: ReactNode;
  invalid?: boolean;
  /** Controlled by a select that closes on a choice; a multi select stays open and leaves it to the popover. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/** The trigger (label over the current value) and the panel both selects share. */
function Dropdown({ id: control, label, value, invalid, open, onOpenChange, children }: DropdownProps) {
  const id = useId();
  return (
    <Popover
      kind="listbox"
      className={styles.list}
      offset={4}
      open={open}
      onOpenChange={onOpenChange}
      triggerProps={{
        className: styles.trigger,
        'aria-invalid': invalid || undefined,
        'aria-labelledby': `${id}-l ${id}-v`,
        ...(control && { id: control, 'aria-describedby': `${control}-error` }),
      }}
      trigger={
        <>
          <span id={`${id}-l`} className={styles.label}>
            {label}
          </span>
          {/* A space in the text too: the visible text is then "Genres All", as the accessible name is (WCAG 2.5.3). */}{' '}
          <span id={`${id}-v`} className={styles.value}>
            {value}
          </span>
        </>
      }
    >
      {children}
    </Popover>
  );
}
