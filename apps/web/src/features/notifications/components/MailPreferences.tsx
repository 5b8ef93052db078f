import { MAIL_NOTICE_TYPES } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner.tsx';
import { usePreferences, useSavePreferences } from '../api/notifications.ts';
import styles from './Notifications.module.css';

/** The account page's digest preferences (issue #17): one switch per type, saved as it changes. */
export default function MailPreferences() {
  const { t } = useTranslation('follows');
  const prefs = usePreferences();
  const save = useSavePreferences();
  return (
    <section className={styles.prefs} aria-labelledby="mail-prefs-heading" data-testid="mail-preferences">
      <h2 id="mail-prefs-heading">{t('notifications.prefs.title')}</h2>
      <p className={styles.hint}>{t('notifications.prefs.hint')}</p>
      {prefs.isPending || !prefs.data ? (
        <Spinner />
      ) : (
        <ul className={styles.switches}>
          {MAIL_NOTICE_TYPES.map((type) => (
            <li key={type}>
              <label>
                <input type="checkbox" checked={prefs.data[type]} onChange={(e) => save.mutate({ [type]: e.target.checked })} data-testid={`mail-${type}`} />
                {t(`notifications.mailTypes.${type}`)}
              </label>
            </li>
          ))}
        </ul>
      )}
      {save.isError && <p role="alert">{t('notifications.prefs.error')}</p>}
    </section>
  );
}
