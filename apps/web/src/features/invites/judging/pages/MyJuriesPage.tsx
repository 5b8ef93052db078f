import { invitePath } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useMyJuries } from '../api/judging.ts';
import styles from '../components/judging.module.css';

/** "Calls I judge" (issue #16): a juror sees only the calls they judge, and opens the scoring screen from here. */
export default function MyJuriesPage() {
  const { t } = useTranslation('judging');
  const { data, isPending } = useMyJuries();
  return (
    <section className={`page ${styles.narrow}`}>
      <h1>{t('mine.title')}</h1>
      {isPending ? (
        <Spinner />
      ) : !data?.length ? (
        <p className="empty">{t('mine.none')}</p>
      ) : (
        <ul className={styles.list} data-testid="my-juries">
          {data.map((j) => (
            <li key={j.id} className={styles.row}>
              <Link to={invitePath(j.invite)} className={styles.grow}>
                {j.title}
              </Link>
              {j.open ? (
                <Link to={`/goodluck/${j.invite}/jury/`} className="btn small">
                  {t('scoreLink')}
                </Link>
              ) : (
                <span className={styles.muted}>{t('mine.waiting')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
