import { z } from 'zod';
import { HIRE_AVAILABILITIES } from './choices.ts';

/**
 * Issue #20: available for hire, the contact form and the inbox. Every figure of the feature is here, once:
 * the API's validation, the database's checks and the forms' hints read these.
 */
export const HIRE_NOTE_MAX = 300;
export const HIRE_RATES_MAX = 300;
export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 2000;
export const MESSAGE_BUDGET_MAX = 100;
export const MESSAGE_TIMELINE_MAX = 100;
export const REPORT_REASON_MAX = 1000;

/**
 * Anti-abuse figures. A "new account" is one created less than `newAccountDays` days ago: it may start at most
 * `newAccount.day` conversations in any 24 hours and `newAccount.week` in any 7 days; older accounts have the
 * `established` ceilings. The same first message (compared without case and extra spaces) may go to at most
 * `identicalArtistsMax` artists within `identicalWindowDays` days; the next one is refused. `route` is the per-person
 * (per address for guests) request limit of the writing routes, answered 429 with Retry-After.
 */
export const CONTACT_LIMITS = {
  newAccountDays: 30,
  newAccount: { day: 5, week: 20 },
  established: { day: 20, week: 100 },
  identicalArtistsMax: 3,
  identicalWindowDays: 30,
  route: { conversationsPerMinute: 10, messagesPerMinute: 30 },
} as const;

/** `?available_for_hire=` of the artists' list: any availability (`true`) or one of them. */
export const HIRE_FILTERS = ['true', ...HIRE_AVAILABILITIES] as const;
export type HireFilter = (typeof HIRE_FILTERS)[number];

/** The text a first message is compared by (identical messages to many artists): case and spacing do not count. */
export function normaliseMessage(body: string): string {
  return body.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * A message split into plain text and links (`at`: where the part starts), for the inbox to render; links are live
 * only once the artist has replied.
 */
export function splitLinks(body: string): { text: string; link: boolean; at: number }[] {
  const parts: { text: string; link: boolean; at: number }[] = [];
  let last = 0;
  for (const m of body.matchAll(LINK)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: body.slice(last, at), link: false, at: last });
    parts.push({ text: m[0], link: true, at });
    last = at + m[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last), link: false, at: last });
  return parts;
}

/** The other person of a conversation: a name and a page, never an address. */
export const ConversationPartySchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  slug: z.string(),
  cropped_avatar: z.string(),
});

export const ConversationMessageSchema = z.object({
  id: z.number(),
  /** Whether the viewer wrote it. */
  mine: z.boolean(),
  body: z.string(),
  /** Links in it may be opened: the artist wrote it, or the artist has replied in the conversation (issue #20). */
  links_active: z.boolean(),
  /** Whether the viewer has reported it. */
  reported: z.boolean(),
  /**
   * Issue #31: staff hid it. The other participant gets an empty `body` (the screen shows "hidden by staff"); its
   * author keeps the text and reads why in `moderation_reason` (empty for anyone else).
   */
  hidden: z.boolean(),
  moderation_reason: z.string(),
  created: z.string(),
});

export const ConversationSchema = z.object({
  id: z.number(),
  subject: z.string(),
  /** The viewer's side: the artist contacted, or the sender who wrote first. */
  role: z.enum(['artist', 'sender']),
  other: ConversationPartySchema.nullable(),
  artwork: z.object({ id: z.number(), title: z.string(), cropped_cover: z.string() }).nullable(),
  budget: z.string(),
  timeline: z.string(),
  /** The latest message, shortened. */
  preview: z.string(),
  /** Messages from the other person the viewer has not opened. */
  unread: z.number(),
  archived: z.boolean(),
  /** The viewer blocked the other person (only ever true for the one who blocked). */
  blocked: z.boolean(),
  created: z.string(),
  last_message_at: z.string(),
});

export const ConversationDetailSchema = ConversationSchema.extend({ messages: z.array(ConversationMessageSchema) });

export const ContactReportSchema = z.object({
  id: z.number(),
  reason: z.string(),
  resolved: z.boolean(),
  created: z.string(),
  message: z.object({ id: z.number(), body: z.string(), created: z.string() }),
  conversation: z.object({ id: z.number(), subject: z.string() }),
  /** Who wrote the reported message, with whether staff suspended their contacting. */
  sender: ConversationPartySchema.extend({ contact_suspended: z.boolean() }),
  reporter: ConversationPartySchema,
});

export type ConversationParty = z.infer<typeof ConversationPartySchema>;
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;
export type Conversation = z.infer<typeof ConversationSchema>;
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;
export type ContactReport = z.infer<typeof ContactReportSchema>;
