import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import {
  type AiUse,
  ALT_MAX,
  type ContentRating,
  type LicenceCode,
  type ModerationState,
  type PublicWidth,
  TAG_LENGTH_MAX,
  TITLE_MAX,
  type Watermark,
} from '@axoo/contract';
import { categories, colors, concepts, fields } from './taxonomy.ts';
import { users } from './users.ts';

/**
 * SPEC §3 Artwork. `visible` is kept by a trigger (migrations 0002_visibility, 0017_publishing): published, not a
 * draft, the author is premium, and not unlisted. Every list for others filters on it, with partial indexes;
 * `reachable` (the same without "not unlisted") says who may open its page.
 */
export const artworks = pgTable(
  'artworks',
  {
    id: serial().primaryKey(),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: TITLE_MAX }).notNull().default(''),
    content: text().notNull().default(''),
    colorId: integer().references(() => colors.id, { onDelete: 'set null' }),
    backgroundColor: varchar({ length: 7 }).notNull().default('#FFFFFF'),
    attribution: boolean().notNull().default(true),
    nonCommercial: boolean().notNull().default(false),
    noDerivativeWorks: boolean().notNull().default(false),
    shareAlike: boolean().notNull().default(false),
    /** Whether the author chose a licence yet (the flags alone cannot say "none chosen"). */
    licenceChosen: boolean().notNull().default(false),
    /** The licence's code from the flags (null until chosen), for the gallery's licence filter (issue #18). */
    licence: varchar({ length: 8 })
      .$type<LicenceCode>()
      .generatedAlwaysAs(
        sql`case when not licence_chosen then null when non_commercial and no_derivative_works then 'by-nc-nd' when non_commercial and share_alike then 'by-nc-sa' when non_commercial then 'by-nc' when no_derivative_works then 'by-nd' when share_alike then 'by-sa' else 'by' end`,
      ),
    /** AI-training opt-out of this artwork (issue #18); null follows the author's account setting. */
    aiOptOut: boolean(),
    coverAlt: varchar({ length: ALT_MAX }).notNull().default(''),
    /** Whether the editor already reminded the author, once, of images without alt text. */
    altReminded: boolean().notNull().default(false),
    published: boolean().notNull().default(true),
    draft: boolean().notNull().default(true),
    visible: boolean().notNull().default(false),
    /** Issue #34 (2): published but kept out of every list, feed, sitemap and search (`visible` is then false). */
    unlisted: boolean().notNull().default(false),
    /** Kept by the same trigger: anyone with the URL may see it (published, not a draft, premium author; listed or not). */
    reachable: boolean().notNull().default(false),
    /**
     * Issue #31: 'hidden' by staff or a takedown notice, 'held' for review (a possible repost); either takes it out
     * of `reachable` and `visible` (migration 0018), so only its author, who is shown `moderationReason`, and staff see it.
     */
    moderationState: varchar({ length: 8 }).$type<ModerationState>().notNull().default('none'),
    moderationReason: varchar({ length: 1000 }).notNull().default(''),
    /** Issue #34 (1): when a waiting draft publishes itself (the `artworks.publish` job); null when none is scheduled. */
    publishAt: timestamp({ withTimezone: true }),
    /** Issue #34 (5): published quietly (an imported back catalogue): no followers' fan-out, not in the Following feed. */
    quiet: boolean().notNull().default(false),
    cover: text().notNull().default(''),
    rawCover: text().notNull().default(''),
    croppedCover: text().notNull().default(''),
    height: integer(),
    width: integer(),
    level: smallint(),
    hit: integer().notNull().default(0),
    /** Issue #35: an image it shows carries valid Content Credentials (kept by the save), for `?credentials=valid`. */
    credentials: boolean().notNull().default(false),
    /** Issue #31: 'general' or 'mature' (a viewer who has not opted in gets only `blurredCover`, never the cover). */
    rating: varchar({ length: 8 }).$type<ContentRating>().notNull().default('general'),
    /** Issue #31: how AI was used: 'none', 'assisted' or 'generated' (the overlay's label, `?ai_use=none`). */
    aiUse: varchar({ length: 10 }).$type<AiUse>().notNull().default('none'),
    /** Issue #31: the server's blurred copy of the cover (sharp, `domain/artworks/rating.ts`), '' until made. */
    blurredCover: text().notNull().default(''),
    /** Issue #34 (6): the widest public rendition (1280, 1920, 2560) or null for none, and the watermark or null. */
    maxPublicWidth: smallint().$type<PublicWidth>(),
    watermark: jsonb().$type<Watermark>(),
    /** Issue #34 (6): random while a cap or watermark is on, renewed when either changes (`domain/artworks/protection.ts`). */
    protectionSalt: varchar({ length: 32 }),
    publishedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('artworks_author_idx').on(t.authorId, t.id),
    index('artworks_visible_recent_idx').on(t.created.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible}`),
    // INCLUDE (title) in migration 0030: suggestions walk it index-only (drizzle declares no INCLUDE).
    index('artworks_visible_hit_idx').on(t.hit.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible}`),
    index('artworks_visible_level_idx').on(t.level.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible} and ${t.level} is not null`),
    // The Following feed: each followed author's visible work, newest first (issue #17, migration 0007).
    index('artworks_author_visible_recent_idx').on(t.authorId, t.created.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible}`),
    index('artworks_created_idx').on(t.created),
    index('artworks_visible_licence_idx').on(t.licence, t.created.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible}`),
    index('artworks_visible_id_idx').on(t.id).where(sql`${t.visible}`),
    index('artworks_visible_credentials_idx').on(t.created.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible} and ${t.credentials}`),
    index('artworks_visible_color_idx').on(t.colorId, t.created.desc().nullsFirst()).where(sql`${t.visible}`),
    // The gallery searches titles among visible artworks only (an author's own hidden work is
    // found through the author index): a partial index holds and rechecks no other rows.
    index('artworks_visible_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`).with({ fastupdate: false }).where(sql`${t.visible}`),
    // Issue #30 (migration 0013): the title's one- and two-character grams, for searches of any length.
    index('artworks_visible_title_grams').using('gin', sql`search_grams(${t.title})`).with({ fastupdate: false }).where(sql`${t.visible}`),
    check('artworks_level_range', sql`${t.level} is null or ${t.level} between 1 and 5`),
    index('artworks_visible_general_idx').on(t.created.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible} and ${t.rating} = 'general'`),
    index('artworks_visible_no_ai_idx').on(t.created.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.visible} and ${t.aiUse} = 'none'`),
    check('artworks_rating_choice', sql`${t.rating} in ('general', 'mature')`),
    check('artworks_ai_use_choice', sql`${t.aiUse} in ('none', 'assisted', 'generated')`),
    check('artworks_max_public_width_choice', sql`${t.maxPublicWidth} is null or ${t.maxPublicWidth} in (1280, 1920, 2560)`),
    check('artworks_background_hex', sql`${t.backgroundColor} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

/**
 * position 0 is the artwork's first category (the card shows only that one).
 * `visible`, `created` and `hit` are copies of the artwork's, kept by triggers (migration
 * 0003_category_order), so a category's gallery page comes from one ordered index like the
 * unfiltered one: page 50 of a category reads 1,200 index entries, not every artwork probed.
 */
export const artworkCategories = pgTable(
  'artwork_categories',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
    visible: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    hit: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.artworkId, t.categoryId] }),
    index('artwork_categories_category_idx').on(t.categoryId, t.artworkId),
    index('artwork_categories_visible_recent_idx').on(t.categoryId, t.created.desc().nullsFirst(), t.artworkId.desc().nullsFirst()).where(sql`${t.visible}`),
    index('artwork_categories_visible_hit_idx').on(t.categoryId, t.hit.desc().nullsFirst(), t.artworkId.desc().nullsFirst()).where(sql`${t.visible}`),
  ],
);

export const artworkFields = pgTable(
  'artwork_fields',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    fieldId: integer()
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.fieldId] }), index('artwork_fields_field_idx').on(t.fieldId, t.artworkId)],
);

export const artworkConcepts = pgTable(
  'artwork_concepts',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    conceptId: integer()
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.conceptId] }), index('artwork_concepts_concept_idx').on(t.conceptId, t.artworkId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial().primaryKey(),
    name: varchar({ length: TAG_LENGTH_MAX }).notNull().unique(),
    /** Visible artworks holding this tag, kept by triggers (migration 0030): what suggestions rank tags by. */
    visibleCount: integer().notNull().default(0),
  },
  (t) => [
    index('tags_visible_count_idx').on(t.visibleCount.desc(), t.name).where(sql`${t.visibleCount} > 0`),
    index('tags_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('tags_name_grams').using('gin', sql`search_grams(${t.name})`).with({ fastupdate: false }),
  ],
);

/**
 * Issue #30.7: one entry per visible artwork, kept by triggers (migration 0033): its created time and its searched
 * texts as one haystack (title, tag names, author name and username, a line each), so that a search's first look and
 * its walks read narrow entries through one gram index and one recency index instead of the artworks table.
 */
export const artworkSearch = pgTable(
  'artwork_search',
  {
    artworkId: integer()
      .primaryKey()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull(),
    haystack: text().notNull(),
  },
  (t) => [
    index('artwork_search_recent_idx').on(t.created.desc().nullsFirst(), t.artworkId.desc().nullsFirst()),
    index('artwork_search_grams').using('gin', sql`search_grams(${t.haystack})`).with({ fastupdate: true, gin_pending_list_limit: 256 }),
  ],
);

export const artworkTags = pgTable(
  'artwork_tags',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.tagId] }), index('artwork_tags_tag_idx').on(t.tagId, t.artworkId)],
);

/** SPEC §3 Collection: a user's bookmark of an artwork. */
export const collections = pgTable(
  'collections',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('collections_user_artwork_uq').on(t.userId, t.artworkId),
    index('collections_artwork_idx').on(t.artworkId),
    index('collections_created_idx').on(t.created),
  ],
);

/** One row per viewer per artwork per day: the `hit` counter grows only on the first. */
export const artworkViews = pgTable(
  'artwork_views',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    viewer: varchar({ length: 64 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.viewer, t.day] }), index('artwork_views_day_idx').on(t.day)],
);

/** Issue #34 (3): a review link shows one artwork read-only to whoever holds its token, until it expires or is revoked. */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial().primaryKey(),
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    token: varchar({ length: 64 }).notNull().unique(),
    expires: timestamp({ withTimezone: true }).notNull(),
    revoked: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_links_artwork_idx').on(t.artworkId, t.id)],
);

/**
 * Issue #34 (4): the state of a published artwork before a save changed its cover, image set or text (migration
 * 0022). `version` counts per artwork from 1; the images it names stay stored while it exists (a media retainer).
 */
export const artworkVersions = pgTable(
  'artwork_versions',
  {
    id: serial().primaryKey(),
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: varchar({ length: TITLE_MAX }).notNull().default(''),
    content: text().notNull().default(''),
    cover: text().notNull().default(''),
    rawCover: text().notNull().default(''),
    croppedCover: text().notNull().default(''),
    coverAlt: varchar({ length: ALT_MAX }).notNull().default(''),
    height: integer(),
    width: integer(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('artwork_versions_number_unique').on(t.artworkId, t.version),
    index('artwork_versions_cover_idx').on(t.cover),
    index('artwork_versions_raw_cover_idx').on(t.rawCover),
    index('artwork_versions_cropped_cover_idx').on(t.croppedCover),
  ],
);
