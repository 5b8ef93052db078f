import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/paging.ts';
import styles from './Pager.module.css';

/**
 * Previous / next over a console list of `size` rows a page (issue #31's moderation lists, takedown notices and
 * repost holds). The labels are the `paging` keys of the caller's namespace (`previous`, `next`, `page`).
 */
export function Pager({ count, page, size, ns, onPage }: { count: number; page: number; size: number; ns: string; onPage: (page: number) => void }) {
  const { t } = useTranslation(ns);
  const pages = Math.max(1, pageCount(count, size));
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
