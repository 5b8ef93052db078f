import { z } from 'zod';
import { MODERATION_NOTE_MAX, REPORT_DETAIL_MAX } from './moderation.ts';

/**
 * Issue #31: repost detection's publish hold and takedown notices from rights holders without an account — their
 * limits, bodies and answers, one definition for the API's routes and presenters and the web's forms.
 */

/** The temporary measure of a confirmed notice lasts at most this long without a staff decision (정보통신망법 §44-2). */
export const TAKEDOWN_MEASURE_DAYS = 30;
/** A confirmation link works this long after the notice was sent. */
export const TAKEDOWN_CONFIRM_HOURS = 72;
/** Notices one address (IP) may send: per hour and per day. */
export const TAKEDOWN_LIMITS = { perHour: 5, perDay: 20 } as const;
export const TAKEDOWN_NAME_MAX = 150;
export const TAKEDOWN_URL_MAX = 500;
export const TAKEDOWN_TEXT_MAX = 2000;
export const HOLD_TEXT_MAX = 2000;

export const TAKEDOWN_STATUSES = ['unconfirmed', 'active', 'countered', 'removed', 'restored', 'expired'] as const;
export type TakedownStatus = (typeof TAKEDOWN_STATUSES)[number];
export const TAKEDOWN_DECISIONS = ['remove', 'restore'] as const;
export const HOLD_STATUSES = ['held', 'released', 'removed'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
export const HOLD_DECISIONS = ['release', 'remove'] as const;
/** The matched artist's answer: the copy is theirs and allowed, or they report it (reason `stolen`). */
export const HOLD_ANSWERS = ['allowed', 'report'] as const;
/** The moderation reasons this capability writes on an artwork. */
export const REPOST_REASON = 'possible_repost';
export const TAKEDOWN_REASON = 'takedown';

/** A required text of at most `max` characters (named as a schema: the web build counts its calls as pure). */
const requiredTextSchema = (max: number) => z.string('field.required').trim().min(1, 'field.required').max(max, 'field.too_long');

/** The body of `POST /api/v1/takedowns/`. `work_url` must be one of this site's artwork pages (checked by the API). */
export const takedownBodySchema = z.object({
  name: requiredTextSchema(TAKEDOWN_NAME_MAX),
  email: z.string('field.required').trim().min(1, 'field.required').max(254, 'field.too_long').pipe(z.email('field.invalid_email')),
  work_url: requiredTextSchema(TAKEDOWN_URL_MAX),
  original: requiredTextSchema(TAKEDOWN_TEXT_MAX),
  good_faith: z.literal(true, 'takedown.good_faith_required'),
});
export type TakedownBody = z.input<typeof takedownBodySchema>;

export const takedownConfirmSchema = z.object({ token: z.string('field.required').min(1, 'field.required').max(200, 'takedown.link_invalid') });
export const counterNoticeSchema = z.object({
  text: requiredTextSchema(TAKEDOWN_TEXT_MAX),
  good_faith: z.literal(true, 'takedown.good_faith_required'),
});
export type CounterNoticeBody = z.input<typeof counterNoticeSchema>;
export const takedownDecisionSchema = z.object({
  decision: z.enum(TAKEDOWN_DECISIONS, 'field.invalid_choice'),
  note: z.string().trim().max(MODERATION_NOTE_MAX, 'field.too_long').default(''),
});
export const takedownListQuery = z.object({ status: z.enum(['open', 'decided'], 'field.invalid_choice').default('open') });

export const holdExplanationSchema = z.object({ text: requiredTextSchema(HOLD_TEXT_MAX) });
export const holdAnswerSchema = z.object({
  answer: z.enum(HOLD_ANSWERS, 'field.invalid_choice'),
  detail: z.string().trim().max(REPORT_DETAIL_MAX, 'field.too_long').default(''),
});
export type HoldAnswerBody = z.input<typeof holdAnswerSchema>;
export const holdDecisionSchema = z.object({
  decision: z.enum(HOLD_DECISIONS, 'field.invalid_choice'),
  note: z.string().trim().max(MODERATION_NOTE_MAX, 'field.too_long').default(''),
});
export const holdListQuery = z.object({ status: z.enum(HOLD_STATUSES, 'field.invalid_choice').default('held') });

const HoldPersonSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
const HoldWorkSchema = z.object({ id: z.number(), title: z.string(), cover: z.string() });

/** `POST /api/v1/takedowns/` (201) and the confirmation's answer. */
export const TakedownReceiptSchema = z.object({ id: z.number(), status: z.enum(TAKEDOWN_STATUSES) });

/** A notice as its work's uploader reads it (the rights holder's e-mail is staff's only). */
export const TakedownSchema = z.object({
  id: z.number(),
  status: z.enum(TAKEDOWN_STATUSES),
  name: z.string(),
  work_url: z.string(),
  original: z.string(),
  artwork: HoldWorkSchema.nullable(),
  created: z.string(),
  confirmed: z.string().nullable(),
  expires: z.string().nullable(),
  counter_text: z.string(),
  countered: z.string().nullable(),
  decision: z.enum(TAKEDOWN_DECISIONS).nullable(),
  note: z.string(),
  decided: z.string().nullable(),
});
export type Takedown = z.infer<typeof TakedownSchema>;
/** The staff's view: the rights holder's e-mail and the uploader too. */
export const StaffTakedownSchema = TakedownSchema.extend({ email: z.string(), uploader: HoldPersonSchema.nullable() });
export type StaffTakedown = z.infer<typeof StaffTakedownSchema>;

/** One original work a held image is close to, with its artist's answer. */
export const HoldMatchSchema = z.object({
  image: z.string(),
  original: HoldWorkSchema,
  original_image: z.string(),
  author: HoldPersonSchema,
  distance: z.object({ dhash: z.number(), phash: z.number() }),
  answer: z.enum(['allowed', 'reported']).nullable(),
  /** The held image, the original, is the mature work's blurred copy (a viewer who has not opted in). */
  image_blurred: z.boolean(),
  original_blurred: z.boolean(),
});
/**
 * A repost hold as its uploader, a matched artist or staff reads it (`role`); the uploader's explanation is the
 * uploader's and staff's, and a matched artist sees only their own works' matches.
 */
export const HoldSchema = z.object({
  id: z.number(),
  status: z.enum(HOLD_STATUSES),
  role: z.enum(['uploader', 'original', 'staff']),
  artwork: HoldWorkSchema.extend({ author: HoldPersonSchema }),
  explanation: z.string().nullable(),
  matches: z.array(HoldMatchSchema),
  note: z.string().nullable(),
  created: z.string(),
  decided: z.string().nullable(),
});
export type Hold = z.infer<typeof HoldSchema>;
