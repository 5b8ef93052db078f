import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { APPEAL_TEXT_MAX, MODERATION_NOTE_MAX, REPORT_DETAIL_MAX, type ReportAction, type ReportReason, type ReportTarget } from '@axoo/contract';
import { users } from './users.ts';

/**
 * Issue #31: a report of an artwork, a user, an open call or a message (migration 0018; the message reports of
 * issue #20 are target 'message'). One open report per reporter and target; staff resolve it with an action.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial().primaryKey(),
    target: varchar({ length: 16 }).$type<ReportTarget>().notNull(),
    targetId: integer().notNull(),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar({ length: 16 }).$type<ReportReason>().notNull(),
    detail: varchar({ length: REPORT_DETAIL_MAX }).notNull().default(''),
    status: varchar({ length: 8 }).$type<'open' | 'resolved'>().notNull().default('open'),
    action: varchar({ length: 8 }).$type<ReportAction>(),
    note: varchar({ length: MODERATION_NOTE_MAX }).notNull().default(''),
    resolvedAt: timestamp({ withTimezone: true }),
    /** Migration 0026: the report staff acted on (its own id for that one), for every report the action resolved. */
    leadId: integer().references((): AnyPgColumn => reports.id, { onDelete: 'set null' }),
    /** The target's owner when staff acted: who is told and may appeal. */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_open_queue_idx').on(t.created, t.target, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_lead_idx').on(t.leadId),
    index('reports_owner_idx').on(t.ownerId).where(sql`${t.ownerId} is not null`),
    uniqueIndex('reports_open_uq').on(t.target, t.targetId, t.reporterId).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.target, t.targetId, t.id),
    index('reports_reporter_idx').on(t.reporterId, t.created),
  ],
);

/** The owner's appeal against the action taken on a report: one per report, decided by staff. */
export const appeals = pgTable(
  'appeals',
  {
    id: serial().primaryKey(),
    reportId: integer()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    appellantId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: varchar({ length: APPEAL_TEXT_MAX }).notNull(),
    status: varchar({ length: 8 }).$type<'open' | 'upheld' | 'reversed'>().notNull().default('open'),
    decidedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('appeals_report_unique').on(t.reportId)],
);

/** Every staff action and appeal decision; append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const moderationAudit = pgTable('moderation_audit', {
  id: serial().primaryKey(),
  actorId: integer().notNull(),
  actorName: varchar({ length: 150 }).notNull(),
  action: varchar({ length: 16 }).notNull(),
  reportId: integer(),
  appealId: integer(),
  target: varchar({ length: 16 }).$type<ReportTarget>().notNull(),
  targetId: integer().notNull(),
  note: varchar({ length: MODERATION_NOTE_MAX }).notNull().default(''),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
