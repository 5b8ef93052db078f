import { useTranslation } from 'react-i18next';
import { pageCount } from '../../../api/paging.ts';
import { MODERATION_PAGE } from '../api/moderation.ts';
import styles from '../Moderation.module.css';

/** Previous / next over a moderation list. */
export function Pager({ count, page, onPage }: { count: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('moderation');
  const pages = Math.max(1, pageCount(count, MODERATION_PAGE));
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('paging.page', { page, pages })}>
      <button type="button" className="btn small secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('paging.previous')}
      </button>
      <span>{t('paging.page', { page, pages })}</span>
      <button type="button" className="btn small secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('paging.next')}
      </button>
    </nav>
  );
}
