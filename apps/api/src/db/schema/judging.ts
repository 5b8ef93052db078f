import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { CRITERION_NAME_MAX, type Lang, type PublicWidth, TITLE_MAX, type Watermark } from '@axoo/contract';
import { inviteApplications, invites } from './invites.ts';
import { users } from './users.ts';
import type { ExportStatus } from './rights.ts';

/** What an artwork carried when it was submitted (issue #16): jurors and the brand see this, not the live artwork. */
export interface SnapshotTaxonomy {
  categories: SnapshotName[];
  fields: SnapshotName[];
  concepts: SnapshotName[];
  tags: string[];
}
export type SnapshotName = { code: string; nameKo: string; nameEn: string };

export const inviteSnapshots = pgTable(
  'invite_snapshots',
  {
    applicationId: integer()
      .primaryKey()
      .references(() => inviteApplications.id, { onDelete: 'cascade' }),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    title: varchar({ length: TITLE_MAX }).notNull().default(''),
    content: text().notNull().default(''),
    cover: text().notNull().default(''),
    croppedCover: text().notNull().default(''),
    backgroundColor: varchar({ length: 7 }).notNull().default('#FFFFFF'),
    width: integer(),
    height: integer(),
    /** Stored keys of the content's images, in order (the juror pack's files). */
    images: jsonb().$type<string[]>().notNull().default([]),
    taxonomy: jsonb().$type<SnapshotTaxonomy>().notNull().default({ categories: [], fields: [], concepts: [], tags: [] }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue #34 (6): the artwork's protection when it was sent (cap, watermark) and a salt of the entry's own, set while
     * either is on: the call's public pages name its images by public copies (`domain/open-calls/protection.ts`).
     */
    maxPublicWidth: smallint().$type<PublicWidth>(),
    watermark: jsonb().$type<Watermark>(),
    protectionSalt: varchar({ length: 32 }),
  },
  (t) => [
    check('invite_snapshots_max_public_width_choice', sql`${t.maxPublicWidth} is null or ${t.maxPublicWidth} in (1280, 1920, 2560)`),
    index('invite_snapshots_invite_idx').on(t.inviteId),
    index('invite_snapshots_cover_idx').on(t.cover),
    index('invite_snapshots_cropped_cover_idx').on(t.croppedCover),
    // Issue #34 (6): `/media/` finds the entry a frozen content image belongs to.
    index('invite_snapshots_images_idx').using('gin', t.images),
  ],
);

/** The rubric: 1–8 criteria per invite, each with a weight. */
export const inviteCriteria = pgTable(
  'invite_criteria',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    nameKo: varchar({ length: CRITERION_NAME_MAX }).notNull(),
    nameEn: varchar({ length: CRITERION_NAME_MAX }).notNull(),
    description: text().notNull().default(''),
    weight: smallint().notNull().default(1),
    order: integer().notNull().default(0),
  },
  (t) => [index('invite_criteria_invite_idx').on(t.inviteId, t.order), check('invite_criteria_weight_range', sql`${t.weight} between 1 and 10`)],
);

/** A juror invited by e-mail; `userId` once they accept; `removed` keeps their scores, marked. */
export const inviteJurors = pgTable(
  'invite_jurors',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    email: varchar({ length: 254 }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    language: varchar({ length: 2 }).$type<Lang>().notNull().default('ko'),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    accepted: timestamp({ withTimezone: true }),
    removed: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('invite_jurors_email_uq').on(t.inviteId, t.email),
    unique('invite_jurors_user_uq').on(t.inviteId, t.userId),
    index('invite_jurors_user_idx').on(t.userId),
  ],
);

/** Rounds of judging: round 1 sees every submission, a later round only its shortlist. */
export const inviteRounds = pgTable(
  'invite_rounds',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    number: smallint().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closed: timestamp({ withTimezone: true }),
  },
  (t) => [unique('invite_rounds_uq').on(t.inviteId, t.number)],
);

export const inviteShortlists = pgTable(
  'invite_shortlists',
  {
    roundId: integer()
      .notNull()
      .references(() => inviteRounds.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => inviteApplications.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'invite_shortlists_pk', columns: [t.roundId, t.applicationId] })],
);

/** One score per juror, submission, criterion and round: scoring again updates it. */
export const inviteScores = pgTable(
  'invite_scores',
  {
    id: serial().primaryKey(),
    roundId: integer()
      .notNull()
      .references(() => inviteRounds.id, { onDelete: 'cascade' }),
    jurorId: integer()
      .notNull()
      .references(() => inviteJurors.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => inviteApplications.id, { onDelete: 'cascade' }),
    criterionId: integer()
      .notNull()
      .references(() => inviteCriteria.id, { onDelete: 'cascade' }),
    score: smallint().notNull(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invite_scores_uq').on(t.roundId, t.jurorId, t.applicationId, t.criterionId),
    index('invite_scores_application_idx').on(t.applicationId),
    check('invite_scores_range', sql`${t.score} between 1 and 10`),
  ],
);

/** A juror's private comment on a submission, and their conflict of interest (which excludes them from it). */
export const inviteReviews = pgTable(
  'invite_reviews',
  {
    jurorId: integer()
      .notNull()
      .references(() => inviteJurors.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => inviteApplications.id, { onDelete: 'cascade' }),
    comment: text().notNull().default(''),
    conflict: boolean().notNull().default(false),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Issue #33.3: why the juror declared the conflict (optional), and when (null for one set before). */
    conflictReason: varchar({ length: 500 }).notNull().default(''),
    conflictDeclared: timestamp({ withTimezone: true }),
    /** Issue #33.5: the juror lets the applicant read this comment once the owner releases feedback. */
    shareable: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ name: 'invite_reviews_pk', columns: [t.jurorId, t.applicationId] })],
);

/** Issue #33.7: a public vote on the shortlist between two instants. */
export const inviteVoteRounds = pgTable(
  'invite_vote_rounds',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    starts: timestamp({ withTimezone: true }).notNull(),
    ends: timestamp({ withTimezone: true }).notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invite_vote_rounds_invite_idx').on(t.inviteId, t.starts), check('invite_vote_rounds_order', sql`${t.ends} > ${t.starts}`)],
);

/** One vote per account per round (voting again moves it); the address for the per-IP limit. */
export const inviteVotes = pgTable(
  'invite_votes',
  {
    roundId: integer()
      .notNull()
      .references(() => inviteVoteRounds.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer()
      .notNull()
      .references(() => inviteApplications.id, { onDelete: 'cascade' }),
    ip: varchar({ length: 45 }).notNull().default(''),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invite_votes_pk', columns: [t.roundId, t.userId] }),
    index('invite_votes_ip_idx').on(t.roundId, t.ip),
    index('invite_votes_application_idx').on(t.applicationId),
  ],
);

/** The juror pack of an invite: one at a time, its progress written as the job goes. */
export const inviteExports = pgTable(
  'invite_exports',
  {
    inviteId: integer()
      .primaryKey()
      .references(() => invites.id, { onDelete: 'cascade' }),
    status: varchar({ length: 8 }).$type<ExportStatus>().notNull().default('queued'),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    key: text().notNull().default(''),
    requested: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [check('invite_exports_status_choice', sql`${t.status} in ('queued', 'running', 'done', 'failed')`)],
);
