import type { ReviewLink } from '@axoo/contract/artworks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { createReviewLink, listReviewLinks, revokeReviewLink } from './api/review-links.ts';
import styles from './Upload.module.css';

const DAYS = [1, 7, 30] as const;

/**
 * Issue #34 (3): the author's review links of the project being edited: make one that lasts 1, 7 or 30 days (its URL
 * shows the draft or private project read-only to whoever holds it), see them, revoke one.
 */
export function ReviewLinks({ artworkId }: { artworkId: number }) {
  const { t } = useTranslation('upload');
  const [links, setLinks] = useState<ReviewLink[]>([]);
  const [days, setDays] = useState<number>(7);
  const [error, setError] = useState<string[] | undefined>();
  const refresh = useCallback(() => listReviewLinks(artworkId).then(setLinks), [artworkId]);
  useEffect(() => {
    void refresh().catch(() => setLinks([]));
  }, [refresh]);

  const create = async () => {
    setError(undefined);
    try {
      await createReviewLink(artworkId, new Date(Date.now() + days * 86_400_000).toISOString());
      await refresh();
    } catch (err) {
      setError(err instanceof ApiError ? Object.values(err.fields).flat() : [t('errors.saveFailed')]);
    }
  };
  const revoke = async (id: number) => {
    await revokeReviewLink(id).catch(() => undefined);
    await refresh();
  };

  return (
    <fieldset className={styles.schedule} data-testid="review-links">
      <legend>{t('review.legend')}</legend>
      <p className={styles.hint}>{t('review.hint')}</p>
      <label htmlFor="review-days">{t('review.lasts')}</label>
      <select id="review-days" value={days} onChange={(ev) => setDays(Number(ev.target.value))}>
        {DAYS.map((d) => (
          <option key={d} value={d}>
            {t('review.days', { count: d })}
          </option>
        ))}
      </select>
      <FieldError messages={error} />
      <button type="button" className="btn secondary" onClick={() => void create()} data-testid="review-create">
        {t('review.create')}
      </button>
      <ul className={styles.reviewList}>
        {links.map((link) => (
          <li key={link.id}>
            <input readOnly value={link.url} aria-label={t('review.url')} onFocus={(ev) => ev.target.select()} />
            {link.active ? (
              <button type="button" className="btn secondary" onClick={() => void revoke(link.id)}>
                {t('review.revoke')}
              </button>
            ) : (
              <span>{link.revoked ? t('review.revoked') : t('review.expired')}</span>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
