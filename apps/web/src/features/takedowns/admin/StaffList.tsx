import type { Paged } from '../../../api/paging.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../kit/components/Pager.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ADMIN_PAGE } from '../api/takedowns.ts';
import { StatusTabs } from './Decide.tsx';

/**
 * The frame of the console's repost holds and takedown notices (issue #31): a heading, open / decided tabs (back to
 * page 1 on a change), the rows of the page or the empty message, and the pager.
 */
export function StaffList<S extends string, T extends { id: number }>({
  name,
  title,
  statuses,
  useList,
  row,
}: {
  name: string;
  title: string;
  /** The open status first (shown at start), then the decided one. */
  statuses: [S, S];
  useList: (status: S, page: number) => UseQueryResult<Paged<T>>;
  row: (item: T, status: S) => ReactNode;
}) {
  const { t } = useTranslation('takedowns');
  const [status, setStatus] = useState<S>(statuses[0]);
  const [page, setPage] = useState(1);
  const list = useList(status, page);
  return (
    <section aria-labelledby={`${name}-title`} data-testid={`${name}-admin`}>
      <h2 id={`${name}-title`}>{title}</h2>
      <StatusTabs
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={[
          { value: statuses[0], label: t('admin.open') },
          { value: statuses[1], label: t('admin.decided') },
        ]}
      />
      {list.isPending ? (
        <Spinner />
      ) : !list.data?.results.length ? (
        <p className="empty">{t('admin.empty')}</p>
      ) : (
        list.data.results.map((item) => row(item, status))
      )}
      {list.data && <Pager count={list.data.count} page={page} size={ADMIN_PAGE} ns="takedowns" onPage={setPage} />}
    </section>
  );
}
