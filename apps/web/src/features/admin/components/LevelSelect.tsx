import { CURATION_LEVELS } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { fieldControl } from '../../../ui/FormField.tsx';

/** SPEC §9 levels of banners and clients: 5..1 or none. */
export function LevelSelect({
  value,
  onChange,
  id,
  label,
  disabled,
  error,
}: {
  value: number | null;
  onChange: (level: number | null) => void;
  id?: string;
  label?: string;
  disabled?: boolean;
  /** The field's messages (under `${id}-error`, ui/FormField.tsx fieldControl). */
  error?: string[];
}) {
  const { t } = useTranslation('admin');
  return (
    <select
      {...(id ? fieldControl(id, error) : {})}
      aria-label={label}
      value={value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">{t('level.none')}</option>
      {CURATION_LEVELS.map((l) => (
        <option key={l} value={l}>
          {l}
        </option>
      ))}
    </select>
  );
}
