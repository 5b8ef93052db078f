import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/FormField.tsx';
import { logOut } from '../api/accounts.ts';
import styles from '../accounts.module.css';

/**
 * GET /accounts/logout/ (SPEC §2 Shell): a page with a button, since logging out is a POST with the CSRF check (issue
 * #36: a link or an image on another site must not end a session). Then a full page load home: the app starts again as
 * a guest, with nothing cached of the user.
 */
export default function LogoutPage() {
  const { t } = useTranslation('accounts');
  const [alert, setAlert] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAlert([]);
    try {
      await logOut();
      window.location.assign('/');
    } catch {
      setAlert([t('logout.failed')]);
      setBusy(false);
    }
  };

  return (
    <section className="narrow">
      <h1 className={styles.title}>{t('logout.title')}</h1>
      <p className={styles.intro}>{t('logout.intro')}</p>
      <FormAlert messages={alert} />
      <form onSubmit={onSubmit}>
        <button type="submit" className={`btn ${styles.submit}`} disabled={busy}>
          {t('logout.submit')}
        </button>
      </form>
    </section>
  );
}
