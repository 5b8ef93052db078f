import { mediaUrl, queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { archiveConversation, blockInConversation, type ConversationDetail, type ConversationMessage, useConversation } from './api/conversations.ts';
import { ConversationList } from './components/ConversationList.tsx';
import { MessageBody } from './components/MessageBody.tsx';
import { ReportDialog } from './components/ReportDialog.tsx';
import { Reply } from './components/Reply.tsx';
import { useDateTime } from './hooks/use-date-time.ts';
import { useThreadActions } from './hooks/use-thread-actions.ts';
import styles from './Inbox.module.css';

/** One conversation: the other person, the artwork and terms, archive and block, the messages and the reply. */
function Thread({ c }: { c: ConversationDetail }) {
  const { t } = useTranslation('inbox');
  const when = useDateTime();
  const [reporting, setReporting] = useState<ConversationMessage | null>(null);
  const { busy, act, confirmBlock, setConfirmBlock } = useThreadActions(c.id);
  const other = c.other?.name ?? t('deleted');
  return (
    <article className={styles.thread} aria-labelledby="thread-subject" data-testid="thread">
      <header className={styles.threadHead}>
        <Link to="/inbox/" className={styles.back}>
          {t('thread.back')}
        </Link>
        <h2 id="thread-subject" className={styles.threadSubject}>
          {c.subject}
        </h2>
        <p className={styles.with}>
          {c.other ? <Link to={`/${c.other.slug}/`}>{t(c.role === 'artist' ? 'thread.from' : 'thread.to', { name: other })}</Link> : other}
        </p>
        {c.artwork && (
          <Link to={`/artwork/${c.artwork.id}/`} className={styles.artwork} data-testid="thread-artwork">
            {c.artwork.cropped_cover && <img src={mediaUrl(c.artwork.cropped_cover, 156)} alt="" width={48} height={33} />}
            <span>{t('thread.about', { title: c.artwork.title })}</span>
          </Link>
        )}
        {(c.budget || c.timeline) && (
          <dl className={styles.terms}>
            {c.budget && (
              <>
                <dt>{t('contact.budget')}</dt>
                <dd>{c.budget}</dd>
              </>
            )}
            {c.timeline && (
              <>
                <dt>{t('contact.timeline')}</dt>
                <dd>{c.timeline}</dd>
              </>
            )}
          </dl>
        )}
        <div className={styles.tools}>
          <button type="button" className="btn secondary small" disabled={busy} onClick={() => act(() => archiveConversation(c.id, !c.archived))}>
            {c.archived ? t('thread.unarchive') : t('thread.archive')}
          </button>
          {c.blocked ? (
            <button type="button" className="btn secondary small" disabled={busy} onClick={() => act(() => blockInConversation(c.id, false))}>
              {t('thread.unblock')}
            </button>
          ) : (
            <button type="button" className="btn secondary small" disabled={busy} onClick={() => setConfirmBlock(true)} data-testid="block-button">
              {t('thread.block')}
            </button>
          )}
        </div>
        {c.blocked && (
          <p className={styles.notice} role="status" data-testid="blocked-notice">
            {t('thread.blocked', { name: other })}
          </p>
        )}
      </header>
      <ol className={styles.messages} data-testid="messages">
        {c.messages.map((m) => (
          <li key={m.id} className={m.mine ? styles.mine : styles.theirs} data-testid="message">
            {/* Issue #31: a message staff hid is a placeholder for the other person; its author reads it with the reason. */}
            {m.hidden && !m.mine ? (
              <p className={styles.hiddenMessage} data-testid="message-hidden">
                {t('thread.hidden')}
              </p>
            ) : (
              <MessageBody body={m.body} linksActive={m.links_active} />
            )}
            {m.hidden && m.mine && (
              <p className={styles.notice} role="note" data-testid="message-hidden-notice">
                {t('thread.hiddenMine', { reason: m.moderation_reason })}
              </p>
            )}
            <span className={styles.meta}>
              <time dateTime={m.created}>{when(m.created)}</time>
              {!m.mine &&
                !m.hidden &&
                (m.reported ? (
                  <span>{t('thread.reported')}</span>
                ) : (
                  <button type="button" className={styles.linkButton} onClick={() => setReporting(m)} data-testid="report-button">
                    {t('thread.report')}
                  </button>
                ))}
            </span>
          </li>
        ))}
      </ol>
      {!c.blocked && <Reply id={c.id} />}
      <ReportDialog conversation={c.id} message={reporting} onClose={() => setReporting(null)} />
      <ConfirmDialog
        open={confirmBlock}
        title={t('block.title', { name: other })}
        message={t('block.message', { name: other })}
        confirmLabel={t('block.confirm')}
        cancelLabel={t('block.cancel')}
        onConfirm={() => act(() => blockInConversation(c.id, true))}
        onCancel={() => setConfirmBlock(false)}
        danger
        busy={busy}
      />
    </article>
  );
}

function OpenConversation({ id }: { id: number }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const query = useConversation(id);
  // Opening it marked the other person's messages read: the badge and the list follow.
  useEffect(() => {
    if (query.dataUpdatedAt) {
      void client.invalidateQueries({ queryKey: queryKeys.conversations.unread() });
      void client.invalidateQueries({ queryKey: ['conversations', 'list'] });
    }
  }, [query.dataUpdatedAt, client]);
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <div className={styles.thread}>
        <p className="empty">{t('thread.notFound')}</p>
        <Link to="/inbox/">{t('thread.back')}</Link>
      </div>
    );
  return <Thread c={query.data} />;
}

/** Issue #20: the inbox at /inbox/ and /inbox/{id}/: conversations with unread counts, the archive, one conversation. */
export default function InboxPage() {
  const { t } = useTranslation('inbox');
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const [archived, setArchived] = useState(false);
  return (
    <div className={`page ${styles.inbox}`} data-view={id ? 'thread' : 'list'}>
      <h1 className={styles.title}>{t('title')}</h1>
      <div className={styles.panes}>
        <section className={styles.listPane} aria-label={t('list.label')}>
          <div className={styles.tabs} role="group" aria-label={t('list.label')}>
            <button type="button" aria-pressed={!archived} onClick={() => setArchived(false)}>
              {t('list.inbox')}
            </button>
            <button type="button" aria-pressed={archived} onClick={() => setArchived(true)} data-testid="archived-tab">
              {t('list.archived')}
            </button>
          </div>
          <ConversationList archived={archived} activeId={id} />
        </section>
        <section className={styles.threadPane} aria-live="polite">
          {id && Number.isInteger(id) ? <OpenConversation key={id} id={id} /> : <p className={styles.pick}>{t('list.pick')}</p>}
        </section>
      </div>
    </div>
  );
}
