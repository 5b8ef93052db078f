import { PUBLIC_WIDTHS } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../site.ts';
import { FormAlert } from '../../ui/FormField.tsx';
import { setMaxPublicWidthDefault, useSwitchUser } from './api/accounts.ts';
import styles from './accounts.module.css';

/** Issue #34 (6): the largest public image width new projects start with (each project may change it), saved at once. */
export function ProtectionSetting({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('accounts');
  const switchUser = useSwitchUser();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string[]>([]);
  const change = async (width: number | null) => {
    setBusy(true);
    setFailed([]);
    try {
      switchUser(await setMaxPublicWidthDefault(user.id, width));
    } catch {
      setFailed([t('protection.failed')]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.setting}>
      <h2>{t('protection.title')}</h2>
      <label htmlFor="protection-width">{t('protection.label')}</label>{' '}
      <select
        id="protection-width"
        value={user.max_public_width_default ?? ''}
        disabled={busy}
        aria-describedby="protection-hint"
        data-testid="max-public-width-default"
        onChange={(e) => void change(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('protection.none')}</option>
        {PUBLIC_WIDTHS.map((w) => (
          <option key={w} value={w}>
            {t('protection.px', { width: w })}
          </option>
        ))}
      </select>
      <p id="protection-hint">{t('protection.hint')}</p>
      <FormAlert messages={failed} />
    </div>
  );
}
