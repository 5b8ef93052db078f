import { asLang } from '@axoo/contract';
import { ARTIST_LEVELS } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { changeMember, type Member, useAdminMutation, useAdminTable } from '../api/admin.ts';
import styles from '../AdminPage.module.css';
import { PagedTable, SearchBox, useTableState } from '../components/PagedTable.tsx';

/** Members: search, grant or revoke premium and staff, set the artist level 0-5 (SPEC §6). */
export function MembersSection() {
  const { t, i18n } = useTranslation('admin');
  const { search, page, setSearch, setPage } = useTableState();
  const table = useAdminTable<Member>('users', search, page);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useAdminMutation(({ id, ...rest }: { id: number } & Parameters<typeof changeMember>[1]) => changeMember(id, rest));
  const apply = (id: number, patch: Parameters<typeof changeMember>[1]) => {
    setFailure(null);
    change.mutate(
      { id, ...patch },
      {
        onError: (e) =>
          setFailure(t('members.failed', { message: e instanceof ApiError ? (Object.values(e.fields).flat()[0] ?? e.detail) : t('common:error.generic') })),
      },
    );
  };
  const date = new Intl.DateTimeFormat(asLang(i18n.language), { dateStyle: 'medium' });

  return (
    <section aria-labelledby="admin-members">
      <div className={styles.sectionHead}>
        <h2 id="admin-members">{t('sections.members')}</h2>
      </div>
      <SearchBox key={search} value={search} onSearch={setSearch} label={t('members.search')} />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <PagedTable
        testId="members-table"
        count={table.data?.count}
        page={page}
        onPage={setPage}
        loading={table.isLoading}
        failed={table.isError}
        head={
          <tr>
            <th scope="col">{t('members.member')}</th>
            <th scope="col">{t('members.premium')}</th>
            <th scope="col">{t('members.staff')}</th>
            <th scope="col">{t('members.level')}</th>
            <th scope="col">{t('members.joined')}</th>
          </tr>
        }
        rows={table.data?.results.map((m) => (
          <tr key={m.id} data-id={m.id}>
            <td>
              <Link to={`/${m.slug}/`} className={styles.memberName}>
                {m.name}
              </Link>
              <span className={styles.sub}>
                @{m.username} · {m.email}
              </span>
            </td>
            <td>
              <input
                type="checkbox"
                checked={m.is_premium}
                aria-label={t('members.grantPremium', { name: m.name })}
                disabled={change.isPending}
                onChange={(e) => apply(m.id, { is_premium: e.target.checked })}
              />
            </td>
            <td>
              <input
                type="checkbox"
                checked={m.is_staff}
                aria-label={t('members.grantStaff', { name: m.name })}
                disabled={change.isPending}
                onChange={(e) => apply(m.id, { is_staff: e.target.checked })}
              />
            </td>
            <td>
              <select
                value={m.level}
                aria-label={t('members.levelOf', { name: m.name })}
                disabled={change.isPending}
                onChange={(e) => apply(m.id, { level: Number(e.target.value) })}
              >
                {ARTIST_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </td>
            <td>{date.format(new Date(m.created))}</td>
          </tr>
        ))}
      />
    </section>
  );
}
