import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@axoo/contract';
import { artworks } from './artworks.ts';
import { invites } from './invites.ts';
import { users } from './users.ts';

/** A notice to one user (issue #17): written in the transaction of the event that causes it. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar({ length: 32 }).$type<NotificationType>().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'cascade' }),
    artworkId: integer().references(() => artworks.id, { onDelete: 'cascade' }),
    inviteId: integer().references(() => invites.id, { onDelete: 'cascade' }),
    applicationId: integer(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Makes an event's notice at-most-once (e.g. 'selected:12'). */
    key: text(),
    readAt: timestamp({ withTimezone: true }),
    /** When the daily digest took it (or decided not to mail it); null while waiting for the next digest. */
    digestedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_key_uq').on(t.userId, t.key),
    index('notifications_undigested_idx').on(t.userId, t.id).where(sql`${t.digestedAt} is null`),
  ],
);
