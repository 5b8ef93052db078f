import { holdPath, noticesPath, REPOST_REASON, TAKEDOWN_REASON } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Artwork } from '../../site.ts';
import styles from './Report.module.css';

/**
 * Issue #31: what the only viewers of a held or hidden work (its author and staff) read in the overlay: why nobody
 * else sees it, and where to answer: a repost hold's page, a takedown's notices, or the moderation notices with
 * their appeal for staff's action on a report. Loaded only for such a work, with its texts
 * (`on-demand/report.json`, `on-demand/takedowns.json`).
 */
export default function ModerationNotice({
  artwork,
  target = 'artwork',
}: {
  artwork: Pick<Artwork, 'id' | 'moderation_state' | 'moderation_reason'>;
  /** Issue #31: the same notice on an open call staff hid (its page, for its owner and staff). */
  target?: 'artwork' | 'invite';
}) {
  const { t } = useTranslation(['report', 'takedowns']);
  const work = target === 'artwork';
  const held = work && artwork.moderation_state === 'held' && artwork.moderation_reason === REPOST_REASON;
  const takedown = work && artwork.moderation_state === 'hidden' && artwork.moderation_reason === TAKEDOWN_REASON;
  if (held || takedown) {
    return (
      <p className={styles.moderated} role="note" data-testid="moderation-notice">
        {t(held ? 'takedowns:notice.held' : 'takedowns:notice.takedown')}{' '}
        <Link to={held ? holdPath(artwork.id) : noticesPath(artwork.id)}>{t(held ? 'takedowns:notice.heldLink' : 'takedowns:notice.takedownLink')}</Link>
      </p>
    );
  }
  return (
    <p className={styles.moderated} role="note" data-testid="moderation-notice">
      {t(work ? `report:notice.${artwork.moderation_state}` : 'report:notice.hiddenCall')}
      {artwork.moderation_reason && ` ${t('report:notice.reason', { reason: artwork.moderation_reason })}`}{' '}
      <Link to="/moderation/">{t('report:notice.appeal')}</Link>
    </p>
  );
}
