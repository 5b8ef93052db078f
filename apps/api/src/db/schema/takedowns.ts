import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  HOLD_TEXT_MAX,
  type HoldStatus,
  MODERATION_NOTE_MAX,
  TAKEDOWN_NAME_MAX,
  TAKEDOWN_TEXT_MAX,
  TAKEDOWN_URL_MAX,
  type TakedownStatus,
} from '@axoo/contract';
import { artworks } from './artworks.ts';
import { reports } from './moderation.ts';
import { users } from './users.ts';

/** Issue #31 (migration 0029): a published work held as a possible repost; one open hold per artwork. */
export const repostHolds = pgTable(
  'repost_holds',
  {
    id: serial().primaryKey(),
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    uploaderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar({ length: 8 }).$type<HoldStatus>().notNull().default('held'),
    releasedBy: varchar({ length: 8 }).$type<'original' | 'staff'>(),
    explanation: varchar({ length: HOLD_TEXT_MAX }).notNull().default(''),
    explainedAt: timestamp({ withTimezone: true }),
    note: varchar({ length: MODERATION_NOTE_MAX }).notNull().default(''),
    decidedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('repost_holds_open_uq').on(t.artworkId).where(sql`${t.status} = 'held'`), index('repost_holds_status_idx').on(t.status, t.id)],
);

/** The original works a held work's images are close to, and each artist's answer. */
export const repostHoldMatches = pgTable(
  'repost_hold_matches',
  {
    id: serial().primaryKey(),
    holdId: integer()
      .notNull()
      .references(() => repostHolds.id, { onDelete: 'cascade' }),
    imageKey: text().notNull(),
    originalId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    originalAuthorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalImage: text().notNull(),
    dhashBits: integer().notNull(),
    phashBits: integer().notNull(),
    answer: varchar({ length: 8 }).$type<'allowed' | 'reported'>(),
    reportId: integer().references(() => reports.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('repost_hold_matches_uq').on(t.holdId, t.originalId), index('repost_hold_matches_author_idx').on(t.originalAuthorId, t.holdId)],
);

/** Issue #31 (migration 0029): a takedown notice from a rights holder without an account. */
export const takedowns = pgTable(
  'takedowns',
  {
    id: serial().primaryKey(),
    name: varchar({ length: TAKEDOWN_NAME_MAX }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    workUrl: varchar({ length: TAKEDOWN_URL_MAX }).notNull(),
    artworkId: integer().references(() => artworks.id, { onDelete: 'set null' }),
    uploaderId: integer().references(() => users.id, { onDelete: 'set null' }),
    original: varchar({ length: TAKEDOWN_TEXT_MAX }).notNull(),
    goodFaith: boolean().notNull(),
    language: varchar({ length: 2 }).$type<'ko' | 'en'>().notNull().default('ko'),
    status: varchar({ length: 12 }).$type<TakedownStatus>().notNull().default('unconfirmed'),
    confirmedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    counterText: varchar({ length: TAKEDOWN_TEXT_MAX }).notNull().default(''),
    counteredAt: timestamp({ withTimezone: true }),
    decision: varchar({ length: 8 }).$type<'remove' | 'restore'>(),
    note: varchar({ length: MODERATION_NOTE_MAX }).notNull().default(''),
    decidedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('takedowns_status_idx').on(t.status, t.id), index('takedowns_artwork_idx').on(t.artworkId)],
);
