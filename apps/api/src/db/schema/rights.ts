import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { artworks } from './artworks.ts';
import { users } from './users.ts';

/**
 * Issue #18: each cover's palette, five colours in CIELAB with their share of the image. `cell` is the
 * quantised Lab cell the colour search reads; `visible` and `created` are the artwork's, kept by triggers
 * (migration 0009) like the category rows'.
 */
export const artworkPalettes = pgTable(
  'artwork_palettes',
  {
    artworkId: integer()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    l: real().notNull(),
    a: real().notNull(),
    b: real().notNull(),
    share: real().notNull(),
    cell: integer().notNull(),
    visible: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.artworkId, t.position] }), index('artwork_palettes_visible_cell_idx').on(t.cell, t.artworkId).where(sql`${t.visible}`)],
);

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** "Download my data" (issue #18): one export at a time per user, a private ZIP object once done. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar({ length: 8 }).$type<ExportStatus>().notNull().default('queued'),
    key: text().notNull().default(''),
    size: bigint({ mode: 'number' }).notNull().default(0),
    files: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.id),
    uniqueIndex('data_exports_one_running_uq').on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
    check('data_exports_status_choice', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
