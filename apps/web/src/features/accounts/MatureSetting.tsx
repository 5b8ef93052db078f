import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../site.ts';
import { FormAlert } from '../../ui/FormField.tsx';
import { setShowMature, useSwitchUser } from './api/accounts.ts';
import styles from './accounts.module.css';

/** Issue #31: the account's opt-in to see mature work unblurred (off by default), saved as soon as it is changed. */
export function MatureSetting({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('accounts');
  const switchUser = useSwitchUser();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const change = async (show: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      switchUser(await setShowMature(user.id, show));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.setting}>
      <h2>{t('mature.title')}</h2>
      <label>
        <input
          type="checkbox"
          checked={user.show_mature}
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby="mature-hint"
          data-testid="show-mature"
        />{' '}
        {t('mature.label')}
      </label>
      <p id="mature-hint">{t('mature.hint')}</p>
      <FormAlert messages={failed ? [t('mature.failed')] : []} />
    </div>
  );
}
