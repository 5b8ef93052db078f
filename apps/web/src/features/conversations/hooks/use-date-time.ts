import { useTranslation } from 'react-i18next';

/** A message's date and time in the interface language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'ko-KR';
  return (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
