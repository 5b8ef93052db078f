import { artworkPath } from '@axoo/contract';
import { CARD_SIZES, CARD_WIDTH, CARD_WIDTHS, COVER_RATIO, mediaUrl, mediaWidthSrcSet, queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type Artwork, useCurrentUser } from '../../site.ts';
import { deleteArtwork } from '../api/artworks.ts';
import styles from './ArtworkCard.module.css';
import { LevelSlot } from '../slots.tsx';
import { ConfirmDialog, prefetchModal } from '../../ui/lazy-modal.tsx';
import { CollectButton } from './CollectButton.tsx';
import { SharePopover } from './ShareLinks.tsx';

export interface ArtworkCardProps {
  artwork: Artwork;
  /** Fixed layout crops the cover at 240:167; masonry keeps its proportion (SPEC §2 Gallery). */
  fixed?: boolean;
  /** Above the fold: eager with high fetch priority (STYLE: first row). */
  priority?: boolean;
  /** Extra controls under the card meta (an invite's selection toggle, staff level buttons). */
  actions?: ReactNode;
}

/**
 * SPEC §2 Artwork card: cropped cover at width 480, the artwork's colour while loading,
 * author link, first category only, title, share popover and Collect toggle; the author also
 * gets edit and delete (with the 'Remove Project' confirmation). Opens the overlay over the current page.
 */
export function ArtworkCard({ artwork, fixed = true, priority = false, actions }: ArtworkCardProps) {
  const { t } = useTranslation('artworks');
  const location = useLocation();
  const user = useCurrentUser();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const cover = fixed ? artwork.cropped_cover || artwork.cover : artwork.cover || artwork.cropped_cover;
  const first = artwork.categories[0];
  const mine = user !== null && artwork.author?.id === user.id;
  const href = artworkPath(artwork.id);

  async function remove() {
    setDeleting(true);
    try {
      await deleteArtwork(artwork.id);
      setConfirming(false);
      setDeleted(true);
      // Lists that held it refetch when next shown.
      void client.invalidateQueries({ queryKey: queryKeys.artworks.all() });
    } finally {
      setDeleting(false);
    }
  }

  if (deleted) return null;
  const coverText = artwork.author ? t('card.coverAlt', { title: artwork.title, author: artwork.author.name }) : artwork.title;
  return (
    <article className={styles.card} data-testid="artwork-card" data-artwork-id={artwork.id}>
      <Link to={href} state={{ background: location }} className={styles.coverLink}>
        <div
          className={styles.cover}
          style={{
            backgroundColor: artwork.color?.code ?? '#eeeeee',
            aspectRatio: fixed || !artwork.width || !artwork.height ? '240 / 167' : `${artwork.width} / ${artwork.height}`,
          }}
        >
          {cover && (
            <img
              src={mediaUrl(cover, CARD_WIDTH)}
              srcSet={mediaWidthSrcSet(cover, CARD_WIDTHS)}
              sizes={CARD_SIZES}
              // The cover names the link: the title and the author (no alt text is stored for covers).
              alt={coverText}
              width={CARD_WIDTH}
              height={Math.round(CARD_WIDTH / COVER_RATIO)}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
            />
          )}
          {!cover && <span className="visually-hidden">{coverText}</span>}
        </div>
      </Link>
      <div className={styles.meta}>
        <div className={styles.line}>
          {artwork.author && (
            <Link to={`/${artwork.author.slug}/`} className={styles.author}>
              {artwork.author.name}
            </Link>
          )}
          {first && <span className={styles.category}>{first.name}</span>}
        </div>
        <div className={styles.titleRow}>
          <h3 className={styles.title}>
            <Link to={href} state={{ background: location }}>
              {artwork.title}
            </Link>
          </h3>
          <div className={styles.tools}>
            <SharePopover path={href} title={artwork.title} imagePath={cover ? mediaUrl(cover, 960) : undefined} />
            <CollectButton artworkId={artwork.id} collection={artwork.collection} />
          </div>
        </div>
        {mine && (
          <div className={styles.owner}>
            <Link to={`/upload/${artwork.id}/`} className={styles.ownerLink}>
              {t('edit')}
            </Link>
            <button
              type="button"
              className={styles.ownerLink}
              onPointerEnter={prefetchModal}
              onFocus={prefetchModal}
              onClick={() => {
                setAsked(true);
                setConfirming(true);
              }}
            >
              {t('delete')}
            </button>
          </div>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
        <LevelSlot artwork={artwork} />
      </div>
      {mine && asked && (
        // The delete confirmation loads when an author first reaches for Delete (prefetched on hover or focus).
        <ConfirmDialog
          open={confirming}
          title={t('remove.title')}
          message={t('remove.message')}
          cancelLabel={t('remove.cancel')}
          confirmLabel={t('remove.confirm')}
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
          danger
          busy={deleting}
        />
      )}
    </article>
  );
}
