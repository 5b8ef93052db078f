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
/** Issue #31: an open call or a message is either shown or hidden by staff (migration 0032); only artworks are held. */
export const HIDE_STATES = ['none', 'hidden'] as const;
export type HideState = (typeof HIDE_STATES)[number];
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

/** The queue's filter (`GET /api/v1/admin/reports/`): open reports by default, of one kind of target or every kind. */
export const reportQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, 'field.invalid_choice').default('open'),
  target: z.enum(REPORT_TARGETS, 'field.invalid_choice').optional(),
});

/** What each action does to the target (the console's buttons, the owner's notice). */
export const ACTIONS_ON_TARGET: Record<ReportAction, readonly ReportTarget[]> = {
  dismiss: REPORT_TARGETS,
  hide: ['artwork', 'invite', 'message'],
  remove: REPORT_TARGETS,
  warn: REPORT_TARGETS,
  suspend: REPORT_TARGETS,
};

/** The body of `PATCH /api/v1/admin/reports/{id}/`: every action but `dismiss` tells the owner why, so it needs a note. */
export const reportActionBodySchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, 'field.invalid_choice'),
    note: z.string().trim().max(MODERATION_NOTE_MAX, 'field.too_long').default(''),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'dismiss' && !body.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'moderation.note_required' });
  });
export type ReportActionBody = z.input<typeof reportActionBodySchema>;

/** The body of `POST /api/v1/appeals/`: the report whose action is appealed; `token` is the mailed link's (a suspended owner). */
export const appealBodySchema = z.object({
  report: rowId({ required: 'field.required', invalid: 'appeal.not_yours', unknown: 'appeal.not_yours' }),
  text: z.string('field.required').trim().min(1, 'field.required').max(APPEAL_TEXT_MAX, 'field.too_long'),
  token: z.string().max(100).optional(),
});
export type AppealBody = z.input<typeof appealBodySchema>;

export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const appealQuerySchema = z.object({ status: z.enum(APPEAL_STATUSES, 'field.invalid_choice').optional() });
export const appealDecisionBodySchema = z.object({ decision: z.enum(APPEAL_DECISIONS, 'field.invalid_choice') });

/** A target as its viewers see it (a mature cover blurred), or null once it is gone. */
export const ReportSubjectSchema = z.object({
  /** The artwork's or call's title, the user's name, the message's text. */
  title: z.string(),
  text: z.string(),
  cover: z.string(),
  /** Its owner (the author, the call's owner, the message's writer; the user themself). */
  owner: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  /** Where it is on the site ('' for a message). */
  path: z.string(),
  moderation_state: z.enum(MODERATION_STATES),
  suspended: z.boolean(),
});
export type ReportSubject = z.infer<typeof ReportSubjectSchema>;

/** One group of the queue: the reports of one target (open ones, or those one action resolved). */
export const ReportGroupSchema = z.object({
  /** The report an action names (the group's oldest). */
  id: z.number(),
  target: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  reporters: z.number(),
  first: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string(),
  subject: ReportSubjectSchema.nullable(),
  reports: z.array(
    z.object({
      id: z.number(),
      reason: z.enum(REPORT_REASONS),
      detail: z.string(),
      created: z.string(),
      reporter: z.object({ id: z.number(), name: z.string() }),
    }),
  ),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** An action taken on the owner's work or account, as the owner reads it (the notice's page and the appeal form). */
export const ModerationDecisionSchema = z.object({
  /** The report to name in an appeal. */
  report: z.number(),
  target: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  action: z.enum(REPORT_ACTIONS),
  note: z.string(),
  reason: z.enum(REPORT_REASONS),
  title: z.string(),
  decided: z.string(),
  appeal: z.object({ id: z.number(), status: z.enum(APPEAL_STATUSES) }).nullable(),
  /** Whether an appeal can still be filed (one per action; a dismissed report has nothing to appeal). */
  appealable: z.boolean(),
});
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

/** An appeal as staff read it. */
export const AppealSchema = z.object({
  id: z.number(),
  report: z.number(),
  target: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  action: z.enum(REPORT_ACTIONS),
  note: z.string(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  appellant: z.object({ id: z.number(), name: z.string() }),
  subject: ReportSubjectSchema.nullable(),
  created: z.string(),
  decided: z.string().nullable(),
});
export type Appeal = z.infer<typeof AppealSchema>;
