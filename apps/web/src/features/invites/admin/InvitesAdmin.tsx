import { invitePath } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { ConfirmDialog, Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { approveInvite, deleteInvite, type Invite, type InviteDetail, inviteKeys, inviteQuery, returnInvite, useInvites } from '../api/invites.ts';
import { InviteForm } from '../components/InviteForm.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import styles from './admin.module.css';

/** Staff send a brand's call back with a note the brand sees and is mailed (issue #19). */
function ReturnDialog({ invite, onClose }: { invite: Invite | null; onClose: () => void }) {
  const { t } = useTranslation('invites');
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!invite) return;
    setBusy(true);
    setError('');
    try {
      await returnInvite(invite.id, note);
      await client.invalidateQueries({ queryKey: inviteKeys.all() });
      setNote('');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields).flat()[0] ?? err.detail ?? t('common:error.generic')) : t('common:error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={invite !== null} onClose={onClose} title={t('review.returnTitle', { title: invite?.title ?? '' })} dismissable={false}>
      <form onSubmit={send} noValidate>
        <div className="field">
          <label htmlFor="return-note">{t('review.note')}</label>
          <textarea
            id="return-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby="return-note-error"
          />
          <p id="return-note-error" className="field-error" role="alert">
            {error}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn secondary" onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {t('review.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The invites section of the staff console (/admin/): the list, and the create/edit form. */
export default function InvitesAdmin() {
  const { t } = useTranslation('invites');
  const client = useQueryClient();
  const { data, isPending } = useInvites();
  const [editing, setEditing] = useState<InviteDetail | 'new' | null>(null);
  const [removing, setRemoving] = useState<Invite | null>(null);
  const [returning, setReturning] = useState<Invite | null>(null);
  const approve = async (invite: Invite) => {
    await approveInvite(invite.id);
    await client.invalidateQueries({ queryKey: inviteKeys.all() });
  };

  const open = async (invite: Invite) => setEditing(await client.fetchQuery(inviteQuery(invite.id)));

  if (editing)
    return <InviteForm key={editing === 'new' ? 'new' : editing.id} invite={editing === 'new' ? null : editing} mode="staff" onDone={() => setEditing(null)} />;
  return (
    <section className={styles.section} data-testid="invites-admin">
      <div className={styles.head}>
        <h2>{t('admin.list')}</h2>
        <button type="button" className="btn small" onClick={() => setEditing('new')}>
          {t('admin.new')}
        </button>
      </div>
      {isPending ? (
        <Spinner />
      ) : !data?.results.length ? (
        <p className="empty">{t('empty')}</p>
      ) : (
        // A data table may scroll on its own on a phone (WCAG 1.4.10 allows it); the page itself does not.
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <tbody>
              {data.results.map((invite) => (
                <tr key={invite.id}>
                  <td>
                    <StatusBadge status={invite.status} />
                  </td>
                  <td className={styles.titleCell}>
                    <strong>{invite.title}</strong>
                    <span>{invite.owner?.name}</span>
                  </td>
                  <td className={styles.rowActions}>
                    {invite.status === 'review' && (
                      <>
                        <button type="button" className="btn small" onClick={() => approve(invite)} data-testid="approve-invite">
                          {t('review.approve')}
                        </button>
                        <button type="button" className="btn secondary small" onClick={() => setReturning(invite)}>
                          {t('review.return')}
                        </button>
                      </>
                    )}
                    <Link to={invitePath(invite.id)} className="btn secondary small">
                      {t('admin.open')}
                    </Link>
                    <button type="button" className="btn secondary small" onClick={() => open(invite)}>
                      {t('admin.edit')}
                    </button>
                    <button type="button" className="btn secondary small" onClick={() => setRemoving(invite)}>
                      {t('admin.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ReturnDialog invite={returning} onClose={() => setReturning(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={removing?.title ?? ''}
        message={t('admin.deleteConfirm')}
        confirmLabel={t('common:actions.delete')}
        cancelLabel={t('common:actions.close')}
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await deleteInvite(removing.id);
          setRemoving(null);
          await client.invalidateQueries({ queryKey: inviteKeys.all() });
        }}
      />
    </section>
  );
}
