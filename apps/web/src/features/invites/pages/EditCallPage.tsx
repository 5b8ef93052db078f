import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useInvite } from '../api/invites.ts';
import { InviteForm } from '../components/InviteForm.tsx';
import styles from '../components/invites.module.css';

/** The owner edits their call (issue #19): everything while in review; afterwards what the server's rules allow. */
export default function EditCallPage() {
  const { t } = useTranslation('invites');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data: invite, isPending, isError } = useInvite(id);
  if (isPending) return <Spinner />;
  // The page's heading says what there is (one h1 on every page, issue #21).
  if (isError || !invite?.can_edit) return <h1 className="empty not-found">{t('common:error.notFound')}</h1>;
  return (
    <section className={`page ${styles.ownPage}`}>
      {invite.review_note && (
        <div className={styles.reviewNote} role="note" data-testid="review-note">
          <strong>{t('own.returned')}</strong>
          <p>{invite.review_note}</p>
        </div>
      )}
      <InviteForm invite={invite} mode="owner" onDone={() => navigate(`/goodluck/${invite.id}/`)} />
    </section>
  );
}
