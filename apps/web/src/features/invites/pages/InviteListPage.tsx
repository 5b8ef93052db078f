import { invitePath } from '@axoo/contract';
import { mediaUrl } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type Invite, useInvites } from '../api/invites.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import styles from '../components/invites.module.css';
import { useStatusDate } from '../components/status.ts';

export function InviteCard({ invite, priority }: { invite: Invite; priority: boolean }) {
  const statusDate = useStatusDate();
  return (
    <Link to={invitePath(invite.id)} className={styles.card} data-testid="invite-card" data-invite-id={invite.id}>
      <div className={styles.cardVisual}>
        {invite.background && (
          <img
            src={mediaUrl(invite.background, 960)}
            alt=""
            className={styles.cardBackground}
            width={960}
            height={400}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
        )}
        {invite.logo && <img src={mediaUrl(invite.logo, 312)} alt="" className={styles.cardLogo} width={120} height={120} loading="lazy" />}
      </div>
      <div className={styles.cardBody}>
        <div className={styles.cardMeta}>
          <StatusBadge status={invite.status} />
          <span className={styles.date}>{statusDate(invite)}</span>
        </div>
        <h2 className={styles.cardTitle}>{invite.title}</h2>
        {invite.subtitle && <p className={styles.cardSubtitle}>{invite.subtitle}</p>}
        {invite.description && <p className={styles.cardDescription}>{invite.description}</p>}
      </div>
    </Link>
  );
}

/** SPEC §2 Invites list: cards with logo, background, title, subtitle, description, status label and date. */
export default function InviteListPage() {
  const { t } = useTranslation('invites');
  const { data, isPending, isError, refetch } = useInvites();
  return (
    <section className="page">
      <header className={styles.listHead}>
        <h1>{t('title')}</h1>
        <p>{t('lead')}</p>
        {/* Brands run their own calls (issue #19); a guest is sent to login first. */}
        <Link to="/goodluck/new/" className="btn" data-testid="start-call">
          {t('own.start')}
        </Link>
      </header>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p className="empty">
          <button type="button" className="btn secondary" onClick={() => refetch()}>
            {t('common:actions.retry')}
          </button>
        </p>
      ) : data.results.length === 0 ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        <div className={styles.cards}>
          {data.results.map((invite, i) => (
            <InviteCard key={invite.id} invite={invite} priority={i < 2} />
          ))}
        </div>
      )}
    </section>
  );
}
