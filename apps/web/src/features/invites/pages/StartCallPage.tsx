import { useNavigate } from 'react-router';
import { InviteForm } from '../components/InviteForm.tsx';
import styles from '../components/invites.module.css';

/** "Start an open call" (issue #19): any logged-in user writes a call; it waits for staff review, then opens. */
export default function StartCallPage() {
  const navigate = useNavigate();
  return (
    <section className={`page ${styles.ownPage}`}>
      <InviteForm invite={null} mode="owner" onDone={(saved) => navigate(saved ? `/goodluck/${saved.id}/` : '/goodluck/mine/')} />
    </section>
  );
}
