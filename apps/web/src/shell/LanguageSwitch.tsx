import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n/index.ts';
import styles from './LanguageSwitch.module.css';

/** The visible language switch: persists, and refetches what the server words in the language. */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  const client = useQueryClient();
  const choose = async (lang: 'ko' | 'en') => {
    if (i18n.language === lang) return;
    await setLanguage(lang);
    await client.invalidateQueries();
  };
  return (
    <div className={styles.switch} role="group" aria-label={t('nav.language')}>
      <button type="button" aria-pressed={i18n.language === 'ko'} onClick={() => choose('ko')}>
        KO
      </button>
      <button type="button" aria-pressed={i18n.language === 'en'} onClick={() => choose('en')}>
        EN
      </button>
    </div>
  );
}
