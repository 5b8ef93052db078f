import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '../../../kit/components/Pager.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ADMIN_PAGE_SIZE } from '../api/admin.ts';
import styles from '../AdminPage.module.css';

/** Search and page of a console table live in the URL (?q=&page=), so they survive reloads and links. */
export function useTableState() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q) p.set('q', next.q);
      else p.delete('q');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p, { replace: true });
  };
  return { search, page, setSearch: (q: string) => set({ q }), setPage: (n: number) => set({ page: n }) };
}

export function SearchBox({ value, onSearch, label }: { value: string; onSearch: (q: string) => void; label: string }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit}>
      <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={label} aria-label={label} />
      <button type="submit" className="btn small secondary">
        {t('table.searchButton')}
      </button>
    </form>
  );
}

export interface PagedTableProps {
  head: ReactNode;
  rows: ReactNode;
  count: number | undefined;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  failed: boolean;
  testId?: string;
}

/** A console table with its total, an empty state and previous/next paging. */
export function PagedTable({ head, rows, count, page, onPage, loading, failed, testId }: PagedTableProps) {
  const { t } = useTranslation('admin');
  if (failed) return <p className="form-error">{t('table.failed')}</p>;
  if (loading && count === undefined) return <Spinner />;
  return (
    <>
      <p className={styles.count}>{t('table.count', { count: count ?? 0 })}</p>
      {count === 0 ? (
        <p className="empty">{t('table.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid={testId}>
            <thead>{head}</thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
      <Pager count={count ?? 0} page={page} size={ADMIN_PAGE_SIZE} ns="admin" labels="table" className={styles.pager} onPage={onPage} />
    </>
  );
}
