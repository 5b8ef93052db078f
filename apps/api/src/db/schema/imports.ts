import { index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { IMPORT_STATUSES } from '@axoo/contract/imports';
import { artworks } from './artworks.ts';
import { users } from './users.ts';

/** Issue #34 (5): one bulk import of a ZIP (migration 0023); `archive` is the private object its job reads. */
export const imports = pgTable(
  'imports',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar({ length: 10 }).$type<(typeof IMPORT_STATUSES)[number]>().notNull().default('queued'),
    archive: varchar({ length: 300 }).notNull(),
    total: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [index('imports_owner_idx').on(t.ownerId, t.id)],
);

/** One file of an import's archive, by its position in the archive's directory: imported into a draft, or skipped. */
export const importItems = pgTable(
  'import_items',
  {
    importId: integer()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    path: varchar({ length: 600 }).notNull(),
    folder: varchar({ length: 600 }).notNull().default(''),
    status: varchar({ length: 10 }).$type<'imported' | 'skipped'>().notNull(),
    reason: varchar({ length: 60 }),
    artworkId: integer().references(() => artworks.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.position] })],
);
