import { MESSAGE_BODY_MAX, mediaUrl, queryKeys, REPORT_REASON_MAX } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { avatarImage } from '../../ui/avatar.ts';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import {
  archiveConversation,
  blockInConversation,
  type Conversation,
  type ConversationDetail,
  type ConversationMessage,
  reportMessage,
  sendMessage,
  useConversation,
  useConversations,
} from './api/conversations.ts';
import { MessageBody } from './components/MessageBody.tsx';
import styles from './Inbox.module.css';

function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'ko-KR';
  return (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** One row of the list: the other person, the subject, the latest words and the unread count. */
function Row({ c, active }: { c: Conversation; active: boolean }) {
  const { t } = useTranslation('inbox');
  const when = useDateTime();
  return (
    <li>
      <Link
        to={`/inbox/${c.id}/`}
        className={styles.row}
        aria-current={active ? 'page' : undefined}
        data-unread={c.unread > 0 || undefined}
        data-testid="conversation-row"
      >
        <img {...avatarImage(c.other ?? { cropped_avatar: '' })} alt="" width={40} height={40} className={styles.avatar} />
        <span className={styles.rowText}>
          <span className={styles.rowHead}>
            <strong>{c.other?.name ?? t('deleted')}</strong>
            <time dateTime={c.last_message_at}>{when(c.last_message_at)}</time>
          </span>
          <span className={styles.subject}>{c.subject}</span>
          <span className={styles.preview}>{c.preview}</span>
        </span>
        {c.unread > 0 && (
          <span className={styles.count}>
            <span aria-hidden="true">{c.unread}</span>
            <span className="visually-hidden">{t('list.unread', { count: c.unread })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

function ConversationList({ archived, activeId }: { archived: boolean; activeId: number | null }) {
  const { t } = useTranslation('inbox');
  const list = useConversations(archived);
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className="empty">{t('list.error')}</p>;
  if (!rows.length) return <p className="empty">{archived ? t('list.emptyArchived') : t('list.empty')}</p>;
  return (
    <>
      <ul className={styles.rows} data-testid="conversation-list">
        {rows.map((c) => (
          <Row key={c.id} c={c} active={c.id === activeId} />
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="btn secondary small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('list.more')}
        </button>
      )}
    </>
  );
}

/** Report one message of the other person to staff, with an optional reason. */
function ReportDialog({ conversation, message, onClose }: { conversation: number; message: ConversationMessage | null; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!message) return;
    setBusy(true);
    try {
      await reportMessage(conversation, message.id, reason);
      await client.invalidateQueries({ queryKey: queryKeys.conversations.detail(conversation) });
      setReason('');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? Object.values(err.fields).flat().join(' ') || err.message : t('thread.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={message !== null} onClose={onClose} title={t('report.title')}>
      <form onSubmit={send} className={styles.form}>
        <p className={styles.muted}>{t('report.explain')}</p>
        <div className="field">
          <label htmlFor="report-reason">{t('report.reason')}</label>
          <textarea id="report-reason" rows={4} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REPORT_REASON_MAX} />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn secondary" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <button type="submit" className="btn danger" disabled={busy} data-testid="report-send">
            {t('report.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Reply({ id }: { id: number }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError(t('contact.required'));
    setBusy(true);
    setError('');
    try {
      await sendMessage(id, body);
      setBody('');
      await client.invalidateQueries({ queryKey: queryKeys.conversations.all() });
    } catch (err) {
      setError(err instanceof ApiError ? err.detail || Object.values(err.fields).flat().join(' ') : t('thread.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={send} className={styles.reply} noValidate>
      <label htmlFor="reply-body" className="visually-hidden">
        {t('thread.reply')}
      </label>
      <textarea
        id="reply-body"
        rows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        maxLength={MESSAGE_BODY_MAX}
        placeholder={t('thread.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby="reply-error"
        data-testid="reply-body"
      />
      <div className={styles.replyFoot}>
        <div id="reply-error" className={styles.replyError}>
          {error && (
            <p className="form-error" role="alert" data-testid="reply-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn" disabled={busy} data-testid="reply-send">
          {busy ? t('contact.sending') : t('thread.send')}
        </button>
      </div>
    </form>
  );
}

function Thread({ c }: { c: ConversationDetail }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const when = useDateTime();
  const [reporting, setReporting] = useState<ConversationMessage | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = async (change: () => Promise<ConversationDetail>) => {
    setBusy(true);
    try {
      client.setQueryData(queryKeys.conversations.detail(c.id), await change());
      await client.invalidateQueries({ queryKey: queryKeys.conversations.all() });
    } finally {
      setBusy(false);
      setConfirmBlock(false);
    }
  };
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
            <MessageBody body={m.body} linksActive={m.links_active} />
            <span className={styles.meta}>
              <time dateTime={m.created}>{when(m.created)}</time>
              {!m.mine &&
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
