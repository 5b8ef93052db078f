import { splitLinks } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import styles from '../Inbox.module.css';

/**
 * A message as plain text with its line breaks (never HTML). Links open only when `linksActive` (the artist wrote
 * it, or has replied): until then a first message's links are shown as text, not clickable (issue #20).
 */
export function MessageBody({ body, linksActive }: { body: string; linksActive: boolean }) {
  const { t } = useTranslation('inbox');
  return (
    <p className={styles.body}>
      {splitLinks(body).map((part) =>
        !part.link ? (
          <span key={part.at}>{part.text}</span>
        ) : linksActive ? (
          <a key={part.at} href={part.text} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={part.at} className={styles.inactiveLink} title={t('thread.linkInactive')} data-testid="inactive-link">
            {part.text}
          </span>
        ),
      )}
    </p>
  );
}
