import { queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageCount } from '../../../api/paging.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type ContactReport, changeReport, REPORTS_PAGE, useReports } from '../api/conversations.ts';
import styles from '../Inbox.module.css';

/** The console's reports (issue #20): reported messages, open first; resolve them and suspend a sender's contacting. */
export default function ReportsAdmin() {
  const { t, i18n } = useTranslation('inbox');
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const reports = useReports(search, page);
  const change = async (r: ContactReport, body: { resolved?: boolean; suspend_sender?: boolean }) => {
    setBusy(r.id);
    try {
      await changeReport(r.id, body);
      await client.invalidateQueries({ queryKey: ['conversations', 'reports'] });
      await client.invalidateQueries({ queryKey: queryKeys.conversations.all() });
    } finally {
      setBusy(null);
    }
  };
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-US' : 'ko-KR', { dateStyle: 'medium', timeStyle: 'short' });
  const pages = reports.data ? pageCount(reports.data.count, REPORTS_PAGE) : 1;
  return (
    <section aria-labelledby="reports-title" data-testid="reports-admin">
      <h2 id="reports-title">{t('admin.title')}</h2>
      <form
        role="search"
        className={styles.tools}
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(typed.trim());
        }}
      >
        <label htmlFor="reports-search" className="visually-hidden">
          {t('admin.search')}
        </label>
        <input id="reports-search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('admin.search')} />
        <button type="submit" className="btn secondary small">
          {t('admin.find')}
        </button>
      </form>
      {reports.isPending ? (
        <Spinner />
      ) : !reports.data?.results.length ? (
        <p className="empty">{t('admin.empty')}</p>
      ) : (
        <ol className={styles.messages}>
          {reports.data.results.map((r) => (
            <li key={r.id} className={styles.theirs} data-testid="report-row" data-resolved={r.resolved || undefined}>
              <strong>
                {r.resolved ? t('admin.resolved') : t('admin.open')} · {r.conversation.subject}
              </strong>
              <p className={styles.body}>{r.message.body}</p>
              <span className={styles.meta}>
                <span>
                  {t('admin.sender')}: <Link to={`/${r.sender.slug}/`}>{r.sender.name}</Link>
                  {r.sender.contact_suspended && ` (${t('admin.suspended')})`}
                </span>
                <span>
                  {t('admin.reporter')}: {r.reporter.name}
                </span>
                <time dateTime={r.created}>{when(r.created)}</time>
              </span>
              {r.reason && (
                <p className={styles.body}>
                  {t('admin.reason')}: {r.reason}
                </p>
              )}
              <div className={styles.tools}>
                <button type="button" className="btn secondary small" disabled={busy === r.id} onClick={() => change(r, { resolved: !r.resolved })}>
                  {r.resolved ? t('admin.reopen') : t('admin.resolve')}
                </button>
                <button
                  type="button"
                  className={`btn small ${r.sender.contact_suspended ? 'secondary' : 'danger'}`}
                  disabled={busy === r.id}
                  onClick={() => change(r, { suspend_sender: !r.sender.contact_suspended, resolved: true })}
                  data-testid="suspend-sender"
                >
                  {r.sender.contact_suspended ? t('admin.restore') : t('admin.suspend')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <div className={styles.tools}>
          <button type="button" className="btn secondary small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin.previous')}
          </button>
          <button type="button" className="btn secondary small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('admin.next')}
          </button>
        </div>
      )}
    </section>
  );
}
