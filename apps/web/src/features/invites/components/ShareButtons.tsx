import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './invites.module.css';

/** Share links for an invite: facebook, twitter, pinterest and copy link (as the artwork card shares). */
export function ShareButtons({ url, title, image }: { url: string; title: string; image?: string }) {
  const { t } = useTranslation('invites');
  const [copied, setCopied] = useState(false);
  const u = encodeURIComponent(url);
  const links = [
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    {
      key: 'pinterest',
      href: `https://www.pinterest.com/pin/create/button/?url=${u}&description=${encodeURIComponent(title)}${image ? `&media=${encodeURIComponent(image)}` : ''}`,
    },
  ];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={styles.share} role="group" aria-label={t('share.label')}>
      {links.map((l) => (
        <a key={l.key} href={l.href} target="_blank" rel="noopener noreferrer" className={styles.shareLink}>
          {t(`share.${l.key}`)}
        </a>
      ))}
      <button type="button" className={styles.shareLink} onClick={copy}>
        {copied ? t('share.copied') : t('share.copy')}
      </button>
    </div>
  );
}
