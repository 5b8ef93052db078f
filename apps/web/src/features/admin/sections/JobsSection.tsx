import { asLang } from '@axoo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { type FailedJob, retryJob, useAdminMutation, useAdminTable } from '../api/admin.ts';
import styles from '../AdminPage.module.css';
import { PagedTable, SearchBox, useTableState } from '../components/PagedTable.tsx';

/** Background jobs that failed their last try, mail above all (issue #13): staff see why and send them again. */
export function JobsSection() {
  const { t, i18n } = useTranslation('admin');
  const { search, page, setSearch, setPage } = useTableState();
  const table = useAdminTable<FailedJob>('jobs', search, page);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const retry = useAdminMutation((id: number) => retryJob(id));
  const date = new Intl.DateTimeFormat(asLang(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const kindOf = (kind: string) => (kind === 'mail' || kind === 'media.delete' ? t(`jobs.kinds.${kind}`) : t('jobs.kinds.other', { kind }));
  const send = (id: number) => {
    setMessage(null);
    retry.mutate(id, {
      onSuccess: () => setMessage({ ok: true, text: t('jobs.retried', { id }) }),
      onError: (e) => setMessage({ ok: false, text: (e instanceof ApiError && e.detail) || t('common:error.generic') }),
    });
  };

  return (
    <section aria-labelledby="admin-jobs">
      <div className={styles.sectionHead}>
        <h2 id="admin-jobs">{t('sections.jobs')}</h2>
      </div>
      <p className={styles.sub}>{t('jobs.intro')}</p>
      <SearchBox key={search} value={search} onSearch={setSearch} label={t('jobs.search')} />
      <p role="status" className={message ? (message.ok ? 'form-success' : 'form-error') : undefined}>
        {message?.text}
      </p>
      <PagedTable
        testId="jobs-table"
        count={table.data?.count}
        page={page}
        onPage={setPage}
        loading={table.isLoading}
        failed={table.isError}
        head={
          <tr>
            <th scope="col">{t('jobs.job')}</th>
            <th scope="col">{t('jobs.recipient')}</th>
            <th scope="col">{t('jobs.error')}</th>
            <th scope="col">{t('jobs.attempts')}</th>
            <th scope="col">{t('jobs.failedAt')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        }
        rows={table.data?.results.map((job) => (
          <tr key={job.id} data-id={job.id}>
            <td>
              {kindOf(job.kind)}
              {job.subject && <span className={styles.sub}>{job.subject}</span>}
            </td>
            <td>{job.recipient ?? ''}</td>
            <td className={styles.sub}>{job.last_error}</td>
            <td>{job.attempts}</td>
            <td>{job.finished ? date.format(new Date(job.finished)) : ''}</td>
            <td>
              <button
                type="button"
                className="btn small secondary"
                aria-label={t('jobs.retryOf', { id: job.id })}
                disabled={retry.isPending}
                onClick={() => send(job.id)}
              >
                {t('jobs.retry')}
              </button>
            </td>
          </tr>
        ))}
      />
    </section>
  );
}
