import { MAIL_NOTICE_TYPES } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type MailPreferences as Preferences, usePreferences, useSavePreferences } from '../api/notifications.ts';
import styles from './Notifications.module.css';

/** The account page's digest preferences (issue #17): one switch per type, saved as it changes. */
export default function MailPreferences() {
  const { t } = useTranslation('notifications');
  const prefs = usePreferences();
  const save = useSavePreferences();
  // What the person last chose, shown in the same render as the click: the query cache's own update
  // arrives a tick later, after React has put a controlled checkbox back, and the switch would flicker.
  const [chosen, setChosen] = useState<Partial<Preferences>>({});
  const choose = (type: keyof Preferences, on: boolean) => {
    setChosen((before) => ({ ...before, [type]: on }));
    save.mutate(
      { [type]: on },
      {
        onError: () => setChosen(({ [type]: _dropped, ...rest }) => rest),
      },
    );
  };
  return (
    <section className={styles.prefs} aria-labelledby="mail-prefs-heading" data-testid="mail-preferences">
      <h2 id="mail-prefs-heading">{t('prefs.title')}</h2>
      <p className={styles.hint}>{t('prefs.hint')}</p>
      {prefs.isPending || !prefs.data ? (
        <Spinner />
      ) : (
        <ul className={styles.switches}>
          {MAIL_NOTICE_TYPES.map((type) => (
            <li key={type}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen[type] ?? prefs.data[type]}
                  onChange={(e) => choose(type, e.target.checked)}
                  data-testid={`mail-${type}`}
                />
                {t(`mailTypes.${type}`)}
              </label>
            </li>
          ))}
        </ul>
      )}
      {save.isError && <p role="alert">{t('prefs.error')}</p>}
    </section>
  );
}
