import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../../api/paging.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Pager } from '../../../kit/components/Pager.tsx';
import { MODERATION_PAGE } from '../api/moderation.ts';

/** A select of a moderation list's filter ('' = every value). */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  testId?: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as V)} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A paged moderation list: its failure, its wait, its empty state, then its rows and the pager. */
export function Listing<T>({
  query,
  empty,
  page,
  onPage,
  children,
}: {
  query: UseQueryResult<Paged<T>>;
  empty: string;
  page: number;
  onPage: (page: number) => void;
  children: (results: T[]) => ReactNode;
}) {
  const { t } = useTranslation('moderation');
  if (!query.data) return query.isError ? <p className="form-error">{t('failed')}</p> : <Spinner />;
  return (
    <>
      {query.data.results.length === 0 ? <p className="empty">{empty}</p> : children(query.data.results)}
      <Pager count={query.data.count} page={page} size={MODERATION_PAGE} ns="moderation" onPage={onPage} />
    </>
  );
}
