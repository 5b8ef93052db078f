import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Artwork } from '../../site.ts';
import styles from './Report.module.css';

/**
 * Issue #31: what the author (or staff) reads on a hidden or held work in the overlay: why, and the way to the
 * moderation notices and their appeal. Loaded only for such a work, with its texts (`on-demand/report.json`).
 */
export default function ModerationNotice({ artwork }: { artwork: Pick<Artwork, 'moderation_state' | 'moderation_reason'> }) {
  const { t } = useTranslation('report');
  return (
    <p className={styles.moderated} role="note" data-testid="moderation-notice">
      {t(`notice.${artwork.moderation_state}`)}
      {artwork.moderation_reason && ` ${t('notice.reason', { reason: artwork.moderation_reason })}`} <Link to="/moderation/">{t('notice.appeal')}</Link>
    </p>
  );
}
