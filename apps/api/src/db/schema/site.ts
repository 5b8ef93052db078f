import { sql } from 'drizzle-orm';
import type { CredentialSummary } from '@axoo/contract';
import { bigserial, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** SPEC §3 Banner: home carousel slide. */
export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    url: varchar({ length: 500 }).notNull().default(''),
    image: text().notNull().default(''),
    alt: varchar({ length: 200 }).notNull().default(''),
    level: smallint(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('banners_level_range', sql`${t.level} is null or ${t.level} between 1 and 5`)],
);

/** SPEC §3 Client (partner): logo with a benefit text shown on hover. */
export const clients = pgTable(
  'clients',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull().default(''),
    url: varchar({ length: 500 }).notNull().default(''),
    image: text().notNull().default(''),
    benefit: text().notNull().default(''),
    level: smallint(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('clients_level_range', sql`${t.level} is null or ${t.level} between 1 and 5`)],
);

/** SPEC §2 Guard: every route change records a page view. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    path: varchar({ length: 500 }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    referrer: varchar({ length: 500 }).notNull().default(''),
    /** The referrer's host ('' when none; the site's own pages are one group, issue #17 insights). */
    referrerHost: varchar({ length: 200 }).notNull().default(''),
    /** The artwork a `/artwork/{id}/` view showed. */
    artworkId: integer(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.created), index('page_views_artwork_idx').on(t.artworkId, t.created).where(sql`${t.artworkId} is not null`)],
);

/** Uploaded objects: who may attach them, what the bytes turned out to be. */
export const media = pgTable(
  'media',
  {
    key: varchar({ length: 300 }).primaryKey(),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    contentType: varchar({ length: 50 }).notNull(),
    size: integer().notNull().default(0),
    width: integer(),
    height: integer(),
    dominantColor: varchar({ length: 7 }),
    /** 'pending' until the bytes arrive and pass the checks, then 'ready' (or 'rejected'). */
    status: varchar({ length: 10 }).notNull().default('pending'),
    /** Issue #35: the summary of the C2PA manifest the upload carried (null: none), read before it was stripped. */
    credentials: jsonb().$type<CredentialSummary>(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.ownerId)],
);

/**
 * Issue #35: the signer's certificate and the chain the manifest carried (PEM), for images whose manifest validated
 * apart from trust ('valid', 'untrusted'), so a change of the trust list can re-decide them. Server-side only: no
 * answer reads this table.
 */
export const mediaCredentialChains = pgTable('media_credential_chains', {
  key: varchar({ length: 300 })
    .primaryKey()
    .references(() => media.key, { onDelete: 'cascade' }),
  chain: text().notNull(),
});

/** Issue #35: the trust list (its fingerprint) the stored states were decided under, and the one a re-check applies. */
export const credentialTrust = pgTable(
  'credential_trust',
  {
    id: smallint().primaryKey().default(1),
    fingerprint: varchar({ length: 64 }).notNull(),
    pending: varchar({ length: 64 }),
    checked: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credential_trust_one_row', sql`${t.id} = 1`)],
);
