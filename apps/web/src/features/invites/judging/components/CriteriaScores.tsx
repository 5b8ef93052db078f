import type { Criterion, JudgingItem } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import styles from './judging.module.css';

/** One submission's criteria, each with its score buttons (1 … scale); the focused one is marked current. */
export function CriteriaScores({
  item,
  criteria,
  scale,
  focus,
  onScore,
}: {
  item: JudgingItem;
  criteria: Criterion[];
  scale: number;
  focus: number;
  onScore: (index: number, criterion: Criterion, value: number) => void;
}) {
  const { t } = useTranslation('judging');
  const keys = Array.from({ length: scale }, (_, i) => i + 1);
  return (
    <ol className={styles.criteria}>
      {criteria.map((c, ci) => (
        <li key={c.id} className={`${styles.criterion} ${ci === focus ? styles.criterionFocus : ''}`} data-testid="criterion" aria-current={ci === focus}>
          <div className={styles.criterionHead}>
            <span className={styles.criterionName} id={`criterion-${c.id}`}>
              {c.name}
            </span>
            <span className={styles.muted}>{t('weight', { weight: c.weight })}</span>
          </div>
          {c.description && <p className={styles.criterionText}>{c.description}</p>}
          <div className={styles.scores} role="group" aria-labelledby={`criterion-${c.id}`}>
            {keys.map((n) => {
              const on = item.scores[String(c.id)] === n;
              return (
                <button
                  key={n}
                  type="button"
                  className={`${styles.score} ${on ? styles.scoreOn : ''}`}
                  aria-pressed={on}
                  aria-label={t('scoreLabel', { criterion: c.name, score: n })}
                  onClick={() => onScore(ci, c, n)}
                >
                  {n}
                </button>
              );
            })}
          </div>
        </li>
      ))}
    </ol>
  );
}
