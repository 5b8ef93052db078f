import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@axoo/contract';
import { artworks } from './artworks.ts';
import { users } from './users.ts';

/**
 * Issue #17: a user follows an artist. One row per pair (a second follow is the same row); the users' follower and
 * following counts are kept by a trigger (migration 0007), so every profile answer reads them from its own row.
 */
export const follows = pgTable(
  'follows',
  {
    id: serial().primaryKey(),
    followerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_pair_uq').on(t.followerId, t.artistId),
    index('follows_artist_idx').on(t.artistId, t.id),
    index('follows_created_idx').on(t.created),
    check('follows_not_self', sql`${t.followerId} <> ${t.artistId}`),
  ],
);

/** The notice types a user turned off in the daily digest mail (issue #17; absent = mailed). */
export const notificationMailOff = pgTable(
  'notification_mail_off',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar({ length: 32 }).$type<NotificationType>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** Daily rollups (issue #17 insights), refilled by a periodic job from the raw tables; the page reads these. */
export const artworkDailyStats = pgTable(
  'artwork_daily_stats',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    authorId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
    collects: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.day] }), index('artwork_daily_stats_author_idx').on(t.authorId, t.day)],
);

export const userDailyStats = pgTable(
  'user_daily_stats',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
    collects: integer().notNull().default(0),
    followers: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const referrerDailyStats = pgTable(
  'referrer_daily_stats',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    host: varchar({ length: 200 }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.host] })],
);

export const platformDailyStats = pgTable('platform_daily_stats', {
  day: date({ mode: 'string' }).primaryKey(),
  signups: integer().notNull().default(0),
  artworks: integer().notNull().default(0),
  views: integer().notNull().default(0),
  collects: integer().notNull().default(0),
  follows: integer().notNull().default(0),
  applications: integer().notNull().default(0),
});
