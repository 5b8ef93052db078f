import { useTranslation } from 'react-i18next';
import { useSite } from '../../site.ts';

/**
 * The about pages' copy (namespace `about`), with the product name filled in. `list` reads an
 * array of strings or of `{title, body}` items written in the translation files.
 */
export function useAboutText() {
  const { t } = useTranslation('about');
  const product = useSite().site_name;
  const text = (key: string) => t(key, { product });
  const list = <T = string>(key: string): T[] => {
    const value: unknown = t(key, { product, returnObjects: true });
    return Array.isArray(value) ? (value as T[]) : [];
  };
  return { text, list };
}

export interface AboutItem {
  title: string;
  body: string;
}
