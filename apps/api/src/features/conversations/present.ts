import type { ContactReport, Conversation, ConversationDetail, ConversationMessage, ConversationParty } from '@axoo/contract';
import { presentUser } from '../../domain/users/present.ts';
import { linksActive, sideOf } from './policy.ts';
import type { ConversationRow, MessageRow, ReportListRow } from './queries.ts';

type PartyRow = { id: number; username: string; name: string; slug: string; croppedAvatar: string };
type ArtworkRef = { id: number; authorId: number; reachable: boolean; title: string; croppedCover: string };

/** What one conversation's card needs besides its row, gathered for a page of them. */
export interface ConversationExtras {
  other: PartyRow | undefined;
  artwork: ArtworkRef | undefined;
  preview: string;
  unread: number;
  blocked: boolean;
}

const PREVIEW = 140;
/** The other person: a name and a page, never an e-mail or phone (issue #20). */
const party = (row: PartyRow): ConversationParty => presentUser.owner(row);

export function presentConversation(viewerId: number, c: ConversationRow, x: ConversationExtras): Conversation {
  const side = sideOf(viewerId, c);
  // The artwork the message is about: shown while the viewer may still see it (its author always may).
  const artwork = x.artwork && (x.artwork.reachable || x.artwork.authorId === viewerId) ? x.artwork : undefined;
  return {
    id: c.id,
    subject: c.subject,
    role: side.role,
    other: x.other ? party(x.other) : null,
    artwork: artwork ? { id: artwork.id, title: artwork.title, cropped_cover: artwork.croppedCover } : null,
    budget: c.budget,
    timeline: c.timeline,
    preview: x.preview.length > PREVIEW ? `${x.preview.slice(0, PREVIEW - 1)}…` : x.preview,
    unread: x.unread,
    archived: side.role === 'artist' ? c.artistArchived : c.senderArchived,
    blocked: x.blocked,
    created: c.created.toISOString(),
    last_message_at: c.lastMessageAt.toISOString(),
  } satisfies Conversation;
}

/** Issue #31: a message staff hid reaches only its author; anyone else gets no text (a "hidden by staff" placeholder). */
export const shownBody = (viewerId: number, m: Pick<MessageRow, 'authorId' | 'body' | 'moderationState'>) =>
  m.moderationState === 'hidden' && m.authorId !== viewerId ? '' : m.body;

export function presentMessage(viewerId: number, c: ConversationRow, m: MessageRow, reported: boolean): ConversationMessage {
  const mine = m.authorId === viewerId;
  return {
    id: m.id,
    mine,
    body: shownBody(viewerId, m),
    links_active: linksActive(c, m.authorId),
    reported,
    hidden: m.moderationState === 'hidden',
    moderation_reason: mine ? m.moderationReason : '',
    created: m.created.toISOString(),
  } satisfies ConversationMessage;
}

export function presentDetail(viewerId: number, c: ConversationRow, x: ConversationExtras, messages: MessageRow[], reported: Set<number>): ConversationDetail {
  return { ...presentConversation(viewerId, c, x), messages: messages.map((m) => presentMessage(viewerId, c, m, reported.has(m.id))) };
}

/** A report as staff see it in the console. */
export function presentReport(r: ReportListRow): ContactReport {
  return {
    id: r.report.id,
    reason: r.report.detail || r.report.reason,
    resolved: r.report.status === 'resolved',
    created: r.report.created.toISOString(),
    message: { id: r.message.id, body: r.message.body, created: r.message.created.toISOString() },
    conversation: r.conversation,
    sender: { ...party(r.sender), contact_suspended: r.sender.contactSuspended },
    reporter: party(r.reporter),
  } satisfies ContactReport;
}
