import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES } from '@axoo/contract';
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
      {LANGUAGES.map((lang) => (
        <button key={lang} type="button" lang={lang} aria-pressed={i18n.language === lang} onClick={() => choose(lang)}>
          {t(`nav.languageShort.${lang}`)}
        </button>
      ))}
    </div>
  );
}
