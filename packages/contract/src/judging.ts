import { z } from 'zod';

/**
 * Open-call judging (issue #16): the rubric's limits, the score scale, and what the judging endpoints answer.
 * One definition for the API's validation, the DB's constraints and the screens' hints.
 */
export const CRITERIA_MAX = 8;
export const CRITERION_NAME_MAX = 100;
export const CRITERION_DESCRIPTION_MAX = 1000;
export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 10;
export const SCORE_MIN = 1;
/** Scores run from 1 to the invite's scale, 10 unless the owner chose fewer steps. */
export const SCORE_SCALE_DEFAULT = 10;
export const SCORE_SCALE_MIN = 2;
export const SCORE_SCALE_MAX = 10;
export const JUROR_COMMENT_MAX = 2000;
/** Jurors per invite. */
export const JURORS_MAX = 50;
export const JUDGING_PAGE_SIZE = 50;
export const SHORTLIST_MAX = 500;

export const JUROR_STATUSES = ['invited', 'accepted', 'removed'] as const;
export type JurorStatus = (typeof JUROR_STATUSES)[number];
export const EXPORT_STATUSES = ['none', 'queued', 'running', 'done', 'failed'] as const;

const named = <K extends string>(key: K) => z.object({ [key]: z.string(), name: z.string() } as Record<K | 'name', z.ZodString>);

/** A submission as it was when it was sent (frozen at application): never the live artwork. */
export const SnapshotSchema = z.object({
  title: z.string(),
  content: z.string(),
  cover: z.string(),
  cropped_cover: z.string(),
  background_color: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  images: z.array(z.string()),
  categories: z.array(named('category')),
  fields: z.array(named('field')),
  concepts: z.array(named('concept')),
  tags: z.array(z.string()),
  created: z.string(),
  /** Issue #34 (6): the widest rendition its images may be asked at (a protected entry on a public page), or null. */
  max_public_width: z.number().nullable(),
});

export const CriterionSchema = z.object({
  id: z.number(),
  invite: z.number(),
  name_ko: z.string(),
  name_en: z.string(),
  /** In the request's language. */
  name: z.string(),
  description: z.string(),
  weight: z.number(),
  order: z.number(),
});

export const JurorSchema = z.object({
  id: z.number(),
  invite: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(JUROR_STATUSES),
  created: z.string(),
  /** Submissions of the current round this juror scored on every criterion, of `total` (conflicts left out). */
  scored: z.number(),
  total: z.number(),
});

export const RoundSchema = z.object({ id: z.number(), number: z.number(), closed: z.string().nullable(), shortlist: z.number() });

/** The owner's (and staff's) view of an invite's judging, or a juror's own view of the rubric. */
export const JudgingSchema = z.object({
  invite: z.number(),
  title: z.string(),
  status: z.string(),
  scale: z.number(),
  reveal_names: z.boolean(),
  /** The rubric is locked once the first score is given. */
  locked: z.boolean(),
  criteria: z.array(CriterionSchema),
  /** Owner and staff only; [] for a juror. */
  jurors: z.array(JurorSchema),
  rounds: z.array(RoundSchema),
  round: RoundSchema.nullable(),
  can_manage: z.boolean(),
  /** The viewer's juror id on this invite, when they are one. */
  juror: z.number().nullable(),
});

/** One submission in a juror's queue: blind unless the invite reveals names. */
export const JudgingItemSchema = z.object({
  application: z.number(),
  snapshot: SnapshotSchema,
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  /** The juror's own scores, criterion id → score. */
  scores: z.record(z.string(), z.number()),
  comment: z.string(),
  conflict: z.boolean(),
  /** Issue #33.5: the juror lets the applicant read the comment once the owner releases feedback. */
  shareable: z.boolean(),
  /**
   * Issue #33.3: the juror follows this entry's artist, has a conversation with them, or collected the work; the
   * screen asks them to consider declaring a conflict, without saying which or who.
   */
  consider_conflict: z.boolean(),
  /** Only when the invite reveals names. */
  artist: z.object({ name: z.string(), slug: z.string() }).nullable(),
});

export const JudgingQueueSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(JudgingItemSchema),
  round: RoundSchema,
  criteria: z.array(CriterionSchema),
  scale: z.number(),
  /** Submissions this juror has scored on every criterion, of those they judge (conflicts left out). */
  scored: z.number(),
  total: z.number(),
});

export const RankingRowSchema = z.object({
  application: z.number(),
  title: z.string(),
  cover: z.string(),
  /** Weighted mean over the jurors' weighted means, null when nobody scored it. */
  mean: z.number().nullable(),
  /** Issue #33.4: the mean of its jurors' z-scores (each juror standardised over the entries they scored), null when unscored. */
  normalized: z.number().nullable(),
  sd: z.number().nullable(),
  /** Jurors who scored it. */
  jurors: z.number(),
  /** Scores given (juror × criterion). */
  scores: z.number(),
  /** 1 − sd / half the scale's range, 0–1; null with fewer than two jurors. */
  agreement: z.number().nullable(),
  /** Scores of removed jurors, kept and shown but not counted. */
  removed_scores: z.number(),
  conflicts: z.number(),
  shortlisted: z.boolean(),
  selected: z.boolean(),
  /** Per criterion: mean score, criterion id → mean. */
  criteria: z.record(z.string(), z.number().nullable()),
});

export const RANKING_ORDERS = ['mean', 'normalized'] as const;
export type RankingOrder = (typeof RANKING_ORDERS)[number];
export const RankingSchema = z.object({ round: RoundSchema, by: z.enum(RANKING_ORDERS), results: z.array(RankingRowSchema) });

export const ExportStateSchema = z.object({
  status: z.enum(EXPORT_STATUSES),
  done: z.number(),
  total: z.number(),
  /** A signed download, once done (owner and staff only). */
  url: z.string().nullable(),
});

export const JudgingDashboardSchema = z.object({
  per_day: z.array(z.object({ day: z.string(), count: z.number() })),
  by_category: z.array(z.object({ category: z.string(), name: z.string(), count: z.number() })),
  jurors: z.array(
    z.object({ id: z.number(), email: z.string(), name: z.string().nullable(), status: z.enum(JUROR_STATUSES), scored: z.number(), total: z.number() }),
  ),
  submissions: z.number(),
});

export const JurorInvitationSchema = z.object({
  id: z.number(),
  invite: z.number(),
  title: z.string(),
  email: z.string(),
  status: z.enum(JUROR_STATUSES),
  /** Whether the call is under examination (judging open). */
  open: z.boolean(),
});

/** POST /invite-jurors/ → 201: the invitation made (its mail is queued). */
export const JurorInvitedSchema = z.object({ id: z.number(), invite: z.number(), email: z.string() });
/** POST /invite-jurors/{id}/accept/. */
export const JurorAcceptedSchema = z.object({ id: z.number(), invite: z.number(), status: z.literal('accepted') });
/** POST /invite-scores/: the juror's score as saved (created or updated) and their comment on the submission. */
export const ScoreSchema = z.object({
  id: z.number(),
  application: z.number(),
  criterion: z.number(),
  score: z.number(),
  comment: z.string(),
  round: z.number(),
});
/** POST /invite-reviews/: the juror's private comment and conflict of interest on a submission. */
export const ReviewSchema = z.object({ application: z.number(), comment: z.string(), conflict: z.boolean(), shareable: z.boolean() });

export type Snapshot = z.infer<typeof SnapshotSchema>;
export type Criterion = z.infer<typeof CriterionSchema>;
export type Juror = z.infer<typeof JurorSchema>;
export type JudgingRound = z.infer<typeof RoundSchema>;
export type Judging = z.infer<typeof JudgingSchema>;
export type JudgingItem = z.infer<typeof JudgingItemSchema>;
export type JudgingQueue = z.infer<typeof JudgingQueueSchema>;
export type RankingRow = z.infer<typeof RankingRowSchema>;
export type Ranking = z.infer<typeof RankingSchema>;
export type ExportState = z.infer<typeof ExportStateSchema>;
export type JudgingDashboard = z.infer<typeof JudgingDashboardSchema>;
export type JurorInvitation = z.infer<typeof JurorInvitationSchema>;
export type JudgingScore = z.infer<typeof ScoreSchema>;
export type JudgingReview = z.infer<typeof ReviewSchema>;
