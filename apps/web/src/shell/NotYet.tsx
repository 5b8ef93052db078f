import { useTranslation } from 'react-i18next';
import styles from './NotYet.module.css';

/** Honest placeholder for a screen whose issue has not landed yet (issue #2). */
export function NotYet() {
  const { t } = useTranslation();
  return (
    <section className={styles.box}>
      <h1>{t('notYet.title')}</h1>
      <p>{t('notYet.body')}</p>
    </section>
  );
}
export default NotYet;
