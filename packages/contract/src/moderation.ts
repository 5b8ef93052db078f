import { z } from 'zod';
import { rowId } from './row-id.ts';

/**
 * Issue #31 (reports and the queue): what can be reported, why, what staff do about it, and the answers of the
 * report, queue, appeal and audit routes; one definition for the API's routes and presenters and the web's forms.
 */

/** What a report names. */
export const REPORT_TARGETS = ['artwork', 'user', 'invite', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** Why (the web's form offers them in this order). */
export const REPORT_REASONS = ['spam', 'harassment', 'stolen', 'sexual', 'violence', 'hate', 'ai_undisclosed', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What staff do with a report. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'remove', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
/** An artwork's moderation state: hidden by staff or a notice, held for review (a possible repost). */
export const MODERATION_STATES = ['none', 'hidden', 'held'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];
export const APPEAL_DECISIONS = ['uphold', 'reverse'] as const;

export const REPORT_DETAIL_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;
export const APPEAL_TEXT_MAX = 2000;

/**
 * Reports one account may file, in the contact limits' style: fewer for a young account (younger than
 * `newAccountDays`), per day and per week; a repeat of an open report does not count.
 */
export const REPORT_LIMITS = {
  newAccountDays: 30,
  newAccount: { day: 10, week: 30 },
  established: { day: 30, week: 150 },
  route: { perMinute: 20 },
} as const;

/** The body of `POST /api/v1/reports/`. */
export const reportBodySchema = z.object({
  target: z.enum(REPORT_TARGETS, 'field.invalid_choice'),
  target_id: rowId({ required: 'field.required', invalid: 'report.target_not_found', unknown: 'report.target_not_found' }),
  reason: z.enum(REPORT_REASONS, 'field.invalid_choice'),
  detail: z.string().trim().max(REPORT_DETAIL_MAX, 'field.too_long').default(''),
});
export type ReportBody = z.input<typeof reportBodySchema>;

/** The answer of `POST /api/v1/reports/`: the report (201), or the open one filed before (200). */
export const ReportCreatedSchema = z.object({ id: z.number() });

/** One entry of the staff's audit log (`GET /api/v1/admin/audit/`), newest first. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), name: z.string() }),
  action: z.string(),
  target: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  report: z.number().nullable(),
  appeal: z.number().nullable(),
  note: z.string(),
  created: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
