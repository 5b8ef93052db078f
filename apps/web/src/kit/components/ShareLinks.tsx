import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbsoluteUrl } from '../../origin.ts';
import { Popover } from '../../ui/Popover.tsx';
import styles from './ShareLinks.module.css';

export interface ShareTarget {
  /** Absolute URL of the page to share. */
  url: string;
  title: string;
  /** Absolute image URL (Pinterest needs one). */
  image?: string;
}

/**
 * SPEC §2 share links: Facebook, Twitter, Pinterest and copy link. Reusable wherever something
 * is shared (artwork card and overlay, invites).
 */
export function ShareLinks({ url, title, image }: ShareTarget) {
  const { t } = useTranslation('artworks');
  const [copied, setCopied] = useState(false);
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    {
      key: 'pinterest',
      href: `https://www.pinterest.com/pin/create/button/?url=${u}&description=${text}${image ? `&media=${encodeURIComponent(image)}` : ''}`,
    },
  ];
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Older browsers and insecure origins: a hidden textarea and the copy command.
      const area = document.createElement('textarea');
      area.value = url;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }
  return (
    <ul className={styles.list}>
      {links.map((l) => (
        <li key={l.key}>
          <a href={l.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {t(`share.${l.key}`)}
          </a>
        </li>
      ))}
      <li>
        <button type="button" className={styles.link} onClick={copy} data-testid="copy-link">
          {copied ? t('share.copied') : t('share.copy')}
        </button>
      </li>
    </ul>
  );
}

export interface SharePopoverProps {
  /** Path of the page to share on this site. */
  path: string;
  title: string;
  /** Path of the image on this site (Pinterest). */
  imagePath?: string;
}

/**
 * The card's share button opening the links in a popover. The absolute URLs are made only once it
 * is opened: a grid of cards does no URL work while rendering, and the server renders it too.
 */
export function SharePopover({ path, title, imagePath }: SharePopoverProps) {
  const { t } = useTranslation('artworks');
  return (
    <Popover
      align="end"
      offset={6}
      className={styles.popover}
      triggerProps={{ className: styles.trigger, 'aria-label': t('share.title'), 'data-testid': 'share' }}
      trigger={
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M12 3v12M7 8l5-5 5 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      }
    >
      <SiteShareLinks path={path} title={title} imagePath={imagePath} />
    </Popover>
  );
}

/** Share links for paths of this site. */
export function SiteShareLinks({ path, title, imagePath }: SharePopoverProps) {
  const absoluteUrl = useAbsoluteUrl();
  return <ShareLinks url={absoluteUrl(path)} title={title} image={imagePath ? absoluteUrl(imagePath) : undefined} />;
}
