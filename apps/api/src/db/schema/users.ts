import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  ALT_MAX,
  type Gender,
  HIRE_NOTE_MAX,
  HIRE_RATES_MAX,
  type HireAvailability,
  type Lang,
  type PublicWidth,
  NAME_MAX,
  PHONE_MAX,
  SOCIAL_MAX,
  USERNAME_MAX,
} from '@axoo/contract';
import { categories } from './taxonomy.ts';

/** SPEC §3 User / artist profile. Image columns hold storage keys ('' when unset). */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: varchar({ length: 254 }).notNull(),
    password: text().notNull(),
    username: varchar({ length: USERNAME_MAX }).notNull(),
    slug: varchar({ length: USERNAME_MAX }).notNull(),
    name: varchar({ length: NAME_MAX }).notNull(),
    phone: varchar({ length: PHONE_MAX }).notNull().default(''),
    dateOfBirth: date({ mode: 'string' }),
    gender: varchar({ length: 6 }).$type<Gender>(),
    isStaff: boolean().notNull().default(false),
    isPremium: boolean().notNull().default(false),
    level: smallint().notNull().default(0),
    avatar: text().notNull().default(''),
    rawAvatar: text().notNull().default(''),
    croppedAvatar: text().notNull().default(''),
    banner: text().notNull().default(''),
    rawBanner: text().notNull().default(''),
    croppedBanner: text().notNull().default(''),
    website: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    instagram: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    facebook: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    twitter: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    pinterest: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    tumblr: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    youtube: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    vimeo: varchar({ length: SOCIAL_MAX }).notNull().default(''),
    biography: text().notNull().default(''),
    about: text().notNull().default(''),
    /** Whether e-mail and phone appear in the profile's Mail & Contact card. */
    showContact: boolean().notNull().default(false),
    publicCollection: boolean().notNull().default(true),
    fixedLayout: boolean().notNull().default(true),
    /** Issue #20: what the artist is open to (null: not available), with a note and rates text. */
    availableForHire: varchar({ length: 16 }).$type<HireAvailability>(),
    hireNote: varchar({ length: HIRE_NOTE_MAX }).notNull().default(''),
    hireRates: varchar({ length: HIRE_RATES_MAX }).notNull().default(''),
    /** Staff suspended this user's contacting of others (issue #20). */
    contactSuspended: boolean().notNull().default(false),
    /** Issue #31: staff suspended the account (it can neither log in nor publish nor write); null when not. */
    suspendedAt: timestamp({ withTimezone: true }),
    /** AI-training opt-out (issue #18): on by default; an artwork may override it. */
    aiOptOut: boolean().notNull().default(true),
    /** Issue #31: the member opted in to see mature work unblurred (off by default; guests never). */
    showMature: boolean().notNull().default(false),
    /** Issue #34 (6): the cap on public renditions a new project starts with (1280, 1920, 2560), null for none. */
    maxPublicWidth: smallint().$type<PublicWidth>(),
    avatarAlt: varchar({ length: ALT_MAX }).notNull().default(''),
    bannerAlt: varchar({ length: ALT_MAX }).notNull().default(''),
    /** Language for mails to this user ('ko' | 'en'). */
    language: varchar({ length: 2 }).$type<Lang>().notNull().default('ko'),
    lastLogin: timestamp({ withTimezone: true }),
    /** Issue #33.7: when the current address was confirmed through the mailed link; null until then and after a change. */
    emailConfirmed: timestamp({ withTimezone: true }),
    /** Kept by the follows trigger (issue #17, migration 0007). */
    followersCount: integer().notNull().default(0),
    followingCount: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_slug_uq').on(t.slug),
    index('users_premium_idx').on(t.isPremium, t.id),
    index('users_created_idx').on(t.created),
    index('users_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_username_trgm').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_search_grams').using('gin', sql`search_grams(${t.name} || ' ' || ${t.username})`).with({ fastupdate: false }),
    check('users_level_range', sql`${t.level} between 0 and 5`),
    check('users_gender_choice', sql`${t.gender} is null or ${t.gender} in ('Male', 'Female', 'Other')`),
    check('users_max_public_width_choice', sql`${t.maxPublicWidth} is null or ${t.maxPublicWidth} in (1280, 1920, 2560)`),
    check('users_language_choice', sql`${t.language} in ('ko', 'en')`),
    check('users_hire_choice', sql`${t.availableForHire} is null or ${t.availableForHire} in ('commissions', 'freelance', 'full_time')`),
    index('users_hire_idx').on(t.availableForHire, t.level, t.id).where(sql`${t.availableForHire} is not null`),
  ],
);

/** Main fields of an artist (SPEC §2 Profile: up to 2), in the order chosen. */
export const userCategories = pgTable(
  'user_categories',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] }), index('user_categories_category_idx').on(t.categoryId, t.userId)],
);

/** Server-side sessions; the cookie holds a random id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar({ length: 64 }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires: timestamp({ withTimezone: true }).notNull(),
    ip: varchar({ length: 64 }).notNull().default(''),
    userAgent: varchar({ length: 300 }).notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expires)],
);

/** A user as stored; the accounts feature owns how it is presented (features/accounts/present.ts). */
export type UserRow = typeof users.$inferSelect;
