import { useTranslation } from 'react-i18next';
import type { Artwork } from '../../site.ts';
import styles from './Rating.module.css';

/** Issue #31: the artwork's labels in the overlay: how AI was used (always), and "Mature" for mature work. */
export function RatingLabels({ artwork }: { artwork: Pick<Artwork, 'rating' | 'ai_use'> }) {
  const { t } = useTranslation('artworks');
  return (
    <p className={styles.labels}>
      {artwork.rating === 'mature' && (
        <span className={`${styles.label} ${styles.mature}`} data-testid="mature-label">
          {t('rating.mature')}
        </span>
      )}
      <span className={styles.label} data-testid="ai-use-label">
        {t(`rating.aiUse.${artwork.ai_use}`)}
      </span>
    </p>
  );
}
