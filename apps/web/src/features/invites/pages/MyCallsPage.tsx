import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { myInvitesQuery } from '../api/invites.ts';
import styles from '../components/invites.module.css';
import { InviteCard } from './InviteListPage.tsx';

/** "My open calls" (issue #19): the viewer's calls, those under review or sent back included, with a way to start one. */
export default function MyCallsPage() {
  const { t } = useTranslation('invites');
  const { data, isPending } = useQuery(myInvitesQuery());
  return (
    <section className="page">
      <header className={styles.listHead}>
        <h1>{t('own.mine')}</h1>
        <Link to="/goodluck/new/" className="btn">
          {t('own.start')}
        </Link>
      </header>
      {isPending ? (
        <Spinner />
      ) : !data?.results.length ? (
        <p className="empty">{t('own.none')}</p>
      ) : (
        <div className={styles.cards} data-testid="my-calls">
          {data.results.map((invite, i) => (
            <InviteCard key={invite.id} invite={invite} priority={i < 2} />
          ))}
        </div>
      )}
    </section>
  );
}
