import { useTranslation } from 'react-i18next';
import styles from './Spinner.module.css';

export function Spinner({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? styles.inline : styles.block} role="status" aria-live="polite" data-spinner={inline ? 'inline' : 'block'}>
      <span className={styles.dot} aria-hidden="true" />
      <span className="visually-hidden">{t('actions.loading')}</span>
    </div>
  );
}
