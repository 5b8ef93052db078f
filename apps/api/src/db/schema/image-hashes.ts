import { bigint, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { artworks } from './artworks.ts';

/**
 * Issue #31, repost detection: the perceptual hashes of every cover and content image an artwork shows
 * (`media/phash.ts`: `dhash` and `phash`, and the same of the mirrored image), one row per image. Each hash's four
 * 16-bit bands have their own btree index, so a near-copy search is eight index scans over the probes of
 * `bandProbes` (a hash within 7 bits shares a band within one bit) and a check of the few candidates, not a scan.
 */
export const imageHashes = pgTable(
  'image_hashes',
  {
    id: serial().primaryKey(),
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    imageKey: text().notNull(),
    dhash: bigint({ mode: 'bigint' }).notNull(),
    phash: bigint({ mode: 'bigint' }).notNull(),
    mirrorDhash: bigint({ mode: 'bigint' }).notNull(),
    mirrorPhash: bigint({ mode: 'bigint' }).notNull(),
    d0: integer().notNull(),
    d1: integer().notNull(),
    d2: integer().notNull(),
    d3: integer().notNull(),
    p0: integer().notNull(),
    p1: integer().notNull(),
    p2: integer().notNull(),
    p3: integer().notNull(),
  },
  (t) => [
    unique('image_hashes_artwork_image_uq').on(t.artworkId, t.imageKey),
    index('image_hashes_d0_idx').on(t.d0),
    index('image_hashes_d1_idx').on(t.d1),
    index('image_hashes_d2_idx').on(t.d2),
    index('image_hashes_d3_idx').on(t.d3),
    index('image_hashes_p0_idx').on(t.p0),
    index('image_hashes_p1_idx').on(t.p1),
    index('image_hashes_p2_idx').on(t.p2),
    index('image_hashes_p3_idx').on(t.p3),
  ],
);
