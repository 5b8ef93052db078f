import { boolean, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/** SPEC §3 lists, bilingual; staff edit them in the console; `retired` hides them from new choices. */
export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  category: varchar({ length: 50 }).notNull().unique(),
  nameKo: varchar({ length: 50 }).notNull(),
  nameEn: varchar({ length: 50 }).notNull(),
  isPrimary: boolean().notNull().default(false),
  position: integer().notNull().default(0),
  retired: boolean().notNull().default(false),
});

export const fields = pgTable('fields', {
  id: serial().primaryKey(),
  field: varchar({ length: 50 }).notNull().unique(),
  nameKo: varchar({ length: 50 }).notNull(),
  nameEn: varchar({ length: 50 }).notNull(),
  position: integer().notNull().default(0),
  retired: boolean().notNull().default(false),
});

export const concepts = pgTable('concepts', {
  id: serial().primaryKey(),
  concept: varchar({ length: 50 }).notNull().unique(),
  nameKo: varchar({ length: 50 }).notNull(),
  nameEn: varchar({ length: 50 }).notNull(),
  position: integer().notNull().default(0),
  retired: boolean().notNull().default(false),
});

export const colors = pgTable('colors', {
  id: serial().primaryKey(),
  code: varchar({ length: 7 }).notNull().unique(),
  nameKo: varchar({ length: 50 }).notNull(),
  nameEn: varchar({ length: 50 }).notNull(),
  position: integer().notNull().default(0),
  retired: boolean().notNull().default(false),
});
