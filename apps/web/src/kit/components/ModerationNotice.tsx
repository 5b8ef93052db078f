import { holdPath, noticesPath, REPOST_REASON, TAKEDOWN_REASON } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Artwork } from '../../site.ts';

/**
 * Issue #31: what the overlay tells the only viewers of a held or hidden work (its author and staff): why nobody else
 * sees it, and where to answer (a repost hold's page, a takedown's notices). Loaded only for such a work, with its
 * texts (`on-demand/takedowns.json`).
 */
export default function ModerationNotice({ artwork }: { artwork: Pick<Artwork, 'id' | 'moderation_state' | 'moderation_reason'> }) {
  const { t } = useTranslation('takedowns');
  const held = artwork.moderation_state === 'held' && artwork.moderation_reason === REPOST_REASON;
  const takedown = artwork.moderation_state === 'hidden' && artwork.moderation_reason === TAKEDOWN_REASON;
  return (
    <p className="form-error" role="status" data-testid="moderation-notice">
      {held ? t('notice.held') : takedown ? t('notice.takedown') : t('notice.hidden')} {held && <Link to={holdPath(artwork.id)}>{t('notice.heldLink')}</Link>}
      {takedown && <Link to={noticesPath(artwork.id)}>{t('notice.takedownLink')}</Link>}
    </p>
  );
}
