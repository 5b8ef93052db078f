import { invitePath } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useInvite } from '../api/invites.ts';
import { InviteForm } from '../components/InviteForm.tsx';
import { InvitePages } from '../components/InvitePages.tsx';
import styles from '../components/invites.module.css';

/**
 * The owner edits their call (issue #19): everything while in review; afterwards what the server's rules allow.
 * `?step=pages` is step 2 of "Start an open call": the call's pages and columns, in edit mode from the start.
 */
export default function EditCallPage() {
  const { t } = useTranslation('invites');
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: invite, isPending, isError } = useInvite(id);
  if (isPending) return <Spinner />;
  // The page's heading says what there is (one h1 on every page, issue #21).
  if (isError || !invite?.can_edit) return <h1 className="empty not-found">{t('common:error.notFound')}</h1>;
  if (params.get('step') === 'pages') {
    return (
      <section className={`page ${styles.ownPage}`} data-testid="call-pages-step">
        <p className={styles.stepLabel}>{t('own.step2')}</p>
        <h1>{t('own.pagesTitle', { title: invite.title })}</h1>
        <p className={styles.stepHint}>{t('own.pagesHint')}</p>
        <InvitePages invite={invite} canEdit startEditing />
        <div className={styles.stepActions}>
          <Link to={`/goodluck/${invite.id}/edit/`} className="btn secondary">
            {t('own.backToCall')}
          </Link>
          <Link to={invitePath(invite.id)} className="btn" data-testid="finish-call">
            {t('own.finish')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className={`page ${styles.ownPage}`}>
      {invite.review_note && (
        <div className={styles.reviewNote} role="note" data-testid="review-note">
          <strong>{t('own.returned')}</strong>
          <p>{invite.review_note}</p>
        </div>
      )}
      <InviteForm invite={invite} mode="owner" onDone={() => navigate(invitePath(invite.id))} />
      <p className={styles.stepActions}>
        <Link to={`/goodluck/${invite.id}/edit/?step=pages`} className="btn secondary" data-testid="edit-pages">
          {t('own.editPages')}
        </Link>
      </p>
    </section>
  );
}
