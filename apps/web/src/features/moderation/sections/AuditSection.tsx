import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudit } from '../api/moderation.ts';
import { Listing } from '../components/Listing.tsx';
import styles from '../Moderation.module.css';

/** Issue #31, the console's audit log: every action and appeal decision, newest first; nobody can change it. */
export function AuditSection() {
  const { t, i18n } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-US' : 'ko-KR', { dateStyle: 'medium', timeStyle: 'short' });
  const label = (action: string) => (action === 'uphold' || action === 'reverse' ? t(`decisions.${action}`) : t(`actions.${action}`));
  return (
    <section className={styles.section} aria-labelledby="audit-title" data-testid="moderation-audit">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <p className={styles.hint}>{t('audit.readOnly')}</p>
      <Listing query={audit} empty={t('audit.empty')} page={page} onPage={setPage}>
        {(results) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.actor')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.note')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((e) => (
                  <tr key={e.id} data-testid="audit-row" data-action={e.action}>
                    <td>
                      <time dateTime={e.created}>{when(e.created)}</time>
                    </td>
                    <td>{e.actor.name}</td>
                    <td>{label(e.action)}</td>
                    <td>
                      {t(`target.${e.target}`)} #{e.target_id}
                    </td>
                    <td>{e.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Listing>
    </section>
  );
}
