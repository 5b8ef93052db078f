import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type CurrentUser, useCurrentUser } from '../../site.ts';
import { exportDownloadUrl, exportQuery, useStartExport } from './api/rights.ts';
import styles from './rights.module.css';

const sizeOf = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`);

/** Issue #18, the account page's "Download my data": start an export and follow it until the mail goes out. */
export function AccountDataExport({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('rights');
  const status = useQuery(exportQuery(user.id));
  const start = useStartExport(user.id);
  const current = status.data;
  const busy = current?.status === 'queued' || current?.status === 'running';
  const conflict = start.error instanceof ApiError && start.error.status === 409;
  return (
    <section className={styles.section} aria-labelledby="data-export-title">
      <h2 id="data-export-title">{t('export.title')}</h2>
      <p className={styles.hint}>{t('export.hint')}</p>
      <button
        type="button"
        className={`btn secondary ${styles.action}`}
        disabled={busy || start.isPending}
        onClick={() => start.mutate()}
        data-testid="start-export"
      >
        {t('export.start')}
      </button>
      <p role="status" className={styles.hint} data-testid="export-status">
        {busy || conflict ? t('export.preparing') : null}
        {current?.status === 'done' && !busy ? t('export.done', { size: sizeOf(current.size), files: current.files }) : null}
        {current?.status === 'failed' ? t('export.failed') : null}
      </p>
      {start.isError && !conflict && (
        <p role="alert" className={styles.error}>
          {t('failed')}
        </p>
      )}
    </section>
  );
}

/** `/accounts/export/`: the mailed link's page (logged in as its user), with the download. */
export default function ExportDownloadPage() {
  const { t } = useTranslation('rights');
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const [u, e, x, t_] = ['u', 'e', 'x', 't'].map((k) => params.get(k) ?? '');
  const expired = Number(x) * 1000 < Date.now();
  const mine = user && String(user.id) === u;
  return (
    <section className="narrow">
      <h1>{t('export.title')}</h1>
      {!u || !e || !t_ || !mine ? (
        <p role="alert">{t('export.wrongLink')}</p>
      ) : expired ? (
        <p role="alert">{t('export.expired')}</p>
      ) : (
        <>
          <p>{t('export.ready')}</p>
          <a className="btn" href={exportDownloadUrl(u, e, x, t_)} download data-testid="export-download">
            {t('export.download')}
          </a>
        </>
      )}
    </section>
  );
}
