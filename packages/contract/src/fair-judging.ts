import { z } from 'zod';
import { SnapshotSchema } from './judging.ts';

/** Issue #33: fair judging — conflicts of interest, shareable feedback, public votes. */
export const CONFLICT_REASON_MAX = 500;
/** An account votes once it is older than this many days (issue #33.7). */
export const VOTE_ACCOUNT_MIN_DAYS = 7;
/** Accounts that may vote from one address in one round (issue #33.7); more are refused. */
export const VOTES_PER_IP = 5;
export const ROUND_KINDS = ['jury', 'public_vote'] as const;

/** POST /invite-conflicts/ → 201: the juror's declared conflict. */
export const ConflictSchema = z.object({ application: z.number(), reason: z.string(), declared: z.string().nullable() });

/** GET /invites/{id}/conflicts/: the declared conflicts, for the owner and staff. */
export const ConflictListSchema = z.object({
  results: z.array(
    z.object({
      application: z.number(),
      title: z.string(),
      juror: z.object({ id: z.number(), email: z.string(), name: z.string().nullable() }),
      reason: z.string(),
      declared: z.string().nullable(),
    }),
  ),
});

/** POST /invites/{id}/feedback/release/ → 200. */
export const FeedbackReleaseSchema = z.object({ invite: z.number(), released: z.string(), applications: z.number(), comments: z.number() });

/** GET /invite-applications/{id}/feedback/: the released shareable comments, never a juror's name. */
export const FeedbackSchema = z.object({
  application: z.number(),
  invite: z.number(),
  title: z.string(),
  released: z.string().nullable(),
  comments: z.array(z.object({ comment: z.string() })),
});

/** A public vote round (issue #33.7). */
export const VoteRoundSchema = z.object({
  id: z.number(),
  invite: z.number(),
  kind: z.literal('public_vote'),
  starts: z.string(),
  ends: z.string(),
  /** Whether votes are taken now. */
  open: z.boolean(),
  /** Where the round stands: before its start, taking votes, or over. */
  state: z.enum(['scheduled', 'open', 'ended']),
});

/** GET /invites/{id}/vote-rounds/: the call's public vote rounds for its owner, with the counted votes once each ended. */
export const VoteRoundListSchema = z.object({
  results: z.array(VoteRoundSchema.extend({ votes: z.number().nullable() })),
});

/** GET /invites/{id}/vote/: the current (or latest) vote round and its shortlist as frozen entries. */
export const VoteBallotSchema = z.object({
  invite: z.number(),
  title: z.string(),
  round: VoteRoundSchema.nullable(),
  /** The application the viewer voted for in this round, if any. */
  mine: z.number().nullable(),
  /** `own`: the viewer's own entry, which they cannot vote for. */
  entries: z.array(z.object({ application: z.number(), snapshot: SnapshotSchema, own: z.boolean() })),
});

/** POST /invite-votes/ → 200: the viewer's vote (moved when they voted before). */
export const VoteSchema = z.object({ round: z.number(), application: z.number(), moved: z.boolean() });

/** GET /invites/{id}/votes/: counts once the round ended (accounts made after it began are not counted). */
export const VoteCountsSchema = z.object({
  round: VoteRoundSchema,
  total: z.number(),
  results: z.array(z.object({ application: z.number(), title: z.string(), votes: z.number() })),
});

/** GET /invite-applications/?invite={id}: the viewer's own entries to a call, each with its released feedback. */
export const MyApplicationsSchema = z.object({
  results: z.array(FeedbackSchema),
});

export type Conflict = z.infer<typeof ConflictSchema>;
export type ConflictList = z.infer<typeof ConflictListSchema>;
export type Feedback = z.infer<typeof FeedbackSchema>;
export type VoteRound = z.infer<typeof VoteRoundSchema>;
export type VoteBallot = z.infer<typeof VoteBallotSchema>;
export type VoteCounts = z.infer<typeof VoteCountsSchema>;
export type VoteRoundList = z.infer<typeof VoteRoundListSchema>;
export type MyApplications = z.infer<typeof MyApplicationsSchema>;
