import type { HireAvailability } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import styles from './HireBadge.module.css';

/** Issue #20: "Open to freelance" and the like, wherever an artist is shown (cards, the overlay, the profile). */
export function HireBadge({ value, large = false }: { value: HireAvailability | null | undefined; large?: boolean }) {
  const { t } = useTranslation('artworks');
  if (!value) return null;
  return (
    <span className={large ? `${styles.badge} ${styles.large}` : styles.badge} data-testid="hire-badge" data-hire={value}>
      <span className={styles.dot} aria-hidden="true" />
      {t(`hire.${value}`)}
    </span>
  );
}
