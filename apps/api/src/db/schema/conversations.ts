import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { type HideState, MESSAGE_BUDGET_MAX, MESSAGE_SUBJECT_MAX, MESSAGE_TIMELINE_MAX } from '@axoo/contract';
import { artworks } from './artworks.ts';
import { users } from './users.ts';

/** Issue #20: a sender (often a brand) writes to an artist; both read it in their inbox, nobody sees an address. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial().primaryKey(),
    artistId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: varchar({ length: MESSAGE_SUBJECT_MAX }).notNull(),
    artworkId: integer().references(() => artworks.id, { onDelete: 'set null' }),
    budget: varchar({ length: MESSAGE_BUDGET_MAX }).notNull().default(''),
    timeline: varchar({ length: MESSAGE_TIMELINE_MAX }).notNull().default(''),
    /** The artist has written in it: from then on the sender's links are live. */
    artistReplied: boolean().notNull().default(false),
    artistArchived: boolean().notNull().default(false),
    senderArchived: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_artist_idx').on(t.artistId, t.lastMessageAt),
    index('conversations_sender_idx').on(t.senderId, t.lastMessageAt),
    index('conversations_sender_created_idx').on(t.senderId, t.created),
    check('conversations_two_people', sql`${t.artistId} <> ${t.senderId}`),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial().primaryKey(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    /** SHA-256 of the normalised body (contract `normaliseMessage`): identical first messages to many artists. */
    bodyHash: varchar({ length: 64 }).notNull(),
    /** When the other person opened it. */
    readAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Issue #31 (migration 0032): 'hidden' by staff; the other participant sees a placeholder, the author the reason. */
    moderationState: varchar({ length: 8 }).$type<HideState>().notNull().default('none'),
    moderationReason: varchar({ length: 1000 }).notNull().default(''),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.id),
    index('conversation_messages_unread_idx').on(t.conversationId).where(sql`${t.readAt} is null`),
    index('conversation_messages_author_hash_idx').on(t.authorId, t.bodyHash),
    check('conversation_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** `blockerId` no longer receives anything from `blockedId`; the blocked person is not told. */
export const contactBlocks = pgTable(
  'contact_blocks',
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);
