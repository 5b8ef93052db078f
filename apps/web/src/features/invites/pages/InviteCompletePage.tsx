import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../../site.ts';
import { useInvite } from '../api/invites.ts';
import styles from '../components/invites.module.css';

/**
 * SPEC §2 application flow step 4: 'CONGRATULATIONS!', submit again, or My submission (profile tab); issue #16: the
 * jury judges the copy received now, a receipt was mailed, and the applicant hears when shortlisted and at the results.
 */
export default function InviteCompletePage() {
  const { t } = useTranslation('invites');
  const inviteId = Number(useParams().inviteId);
  const user = useCurrentUser();
  const invite = useInvite(inviteId);
  return (
    <section className="page">
      <div className={styles.step}>
        <h1 className={styles.congrats}>{t('complete.title')}</h1>
        {invite.data && <p>{t('complete.text', { title: invite.data.title })}</p>}
        {/* Issue #16: what was received is frozen, a receipt is on its way, and what the applicant will hear next. */}
        <p data-testid="receipt-frozen">{t('complete.frozen')}</p>
        <p data-testid="receipt-notices">{t('complete.receipt')}</p>
        <div className={styles.formActions}>
          <Link to={`/goodluck/${inviteId}/upload/`} className="btn secondary">
            {t('complete.again')}
          </Link>
          {user && (
            <Link to={`/${user.slug}/?type=application`} className="btn" data-testid="my-submission">
              {t('complete.mine')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
