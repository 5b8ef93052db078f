import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/paging.ts';
import styles from './Pager.module.css';

/**
 * Previous / next over a console list of `size` rows a page (the admin tables, issue #31's moderation lists, takedown
 * notices and repost holds). The labels are the caller's namespace's keys `previous`, `next` and `page` under
 * `labels` (`paging` unless said); `className` replaces the kit's layout.
 */
export function Pager({
  count,
  page,
  size,
  ns,
  labels = 'paging',
  className = styles.pager,
  onPage,
}: {
  count: number;
  page: number;
  size: number;
  ns: string;
  labels?: string;
  className?: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(ns, { keyPrefix: labels });
  const pages = Math.max(1, pageCount(count, size));
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={t('page', { page, pages })}>
      <button type="button" className="btn small secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </button>
      <span>{t('page', { page, pages })}</span>
      <button type="button" className="btn small secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}
