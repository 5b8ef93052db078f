import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { ANSWER_MAX, type ColumnWidth, type HideState, INVITE_TITLE_MAX, type InviteStatus, type QuestionKind } from '@axoo/contract';
import { artworks } from './artworks.ts';
import { users } from './users.ts';

/** SPEC §3 Invite (Goodluck open call). */
export const invites = pgTable(
  'invites',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: INVITE_TITLE_MAX }).notNull(),
    subtitle: varchar({ length: INVITE_TITLE_MAX }).notNull().default(''),
    description: text().notNull().default(''),
    logo: text().notNull().default(''),
    background: text().notNull().default(''),
    status: varchar({ length: 12 }).$type<InviteStatus>().notNull().default('review'),
    closed: timestamp({ withTimezone: true }),
    selected: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Made by a brand through "Start an open call" (issue #19): hidden from others while under review. */
    selfService: boolean().notNull().default(false),
    /** Staff's note when they send a call back to its owner. */
    reviewNote: text().notNull().default(''),
    /** Judging (issue #16): scores run from 1 to this; jurors see the artists' names only when the call says so. */
    scoreScale: smallint().notNull().default(10),
    revealNames: boolean().notNull().default(false),
    /** Issue #33.6: entries arriving this many minutes after `closed` are still accepted, marked late. */
    graceMinutes: smallint().notNull().default(0),
    /** Issue #33.8: the jury's statement the owner writes for the published results. */
    juryStatement: text().notNull().default(''),
    /** Issue #33.5: when the owner released the jurors' shareable comments to the applicants. */
    feedbackReleased: timestamp({ withTimezone: true }),
    /** Issue #31 (migration 0032): 'hidden' by staff, so only its owner (shown the reason) and staff see it. */
    moderationState: varchar({ length: 8 }).$type<HideState>().notNull().default('none'),
    moderationReason: varchar({ length: 1000 }).notNull().default(''),
  },
  (t) => [
    index('invites_owner_idx').on(t.ownerId),
    check('invites_status_choice', sql`${t.status} in ('review', 'ongoing', 'examination', 'selection')`),
    check('invites_score_scale_range', sql`${t.scoreScale} between 2 and 10`),
    check('invites_grace_minutes_range', sql`${t.graceMinutes} between 0 and 1440`),
  ],
);

export const invitePages = pgTable(
  'invite_pages',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    backgroundColor: varchar({ length: 7 }).notNull().default('#FFFFFF'),
    order: integer().notNull().default(0),
  },
  (t) => [index('invite_pages_invite_idx').on(t.inviteId, t.order)],
);

export const inviteColumns = pgTable(
  'invite_columns',
  {
    id: serial().primaryKey(),
    pageId: integer()
      .notNull()
      .references(() => invitePages.id, { onDelete: 'cascade' }),
    content: text().notNull().default(''),
    width: smallint().$type<ColumnWidth>().notNull().default(6),
    order: integer().notNull().default(0),
  },
  (t) => [index('invite_columns_page_idx').on(t.pageId, t.order), check('invite_columns_width_choice', sql`${t.width} in (6, 12)`)],
);

export const inviteSubscriptions = pgTable(
  'invite_subscriptions',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('invite_subscriptions_uq').on(t.inviteId, t.userId)],
);

export const inviteQuestions = pgTable(
  'invite_questions',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    order: integer().notNull().default(0),
    /** Issue #33.1: 'eligibility' questions are answered yes/no before applying; `required_answer` is the one that passes. */
    kind: varchar({ length: 12 }).$type<QuestionKind>().notNull().default('text'),
    requiredAnswer: boolean(),
  },
  (t) => [
    index('invite_questions_invite_idx').on(t.inviteId, t.order),
    check('invite_questions_kind_choice', sql`${t.kind} in ('text', 'eligibility') and ((${t.kind} = 'eligibility') = (${t.requiredAnswer} is not null))`),
  ],
);

export const inviteApplications = pgTable(
  'invite_applications',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    /**
     * The artwork sent; null once it is deleted (issue #16: the submission, its frozen copy, scores and decision
     * outlive the artwork and its account).
     */
    artworkId: integer().references(() => artworks.id, { onDelete: 'set null' }),
    /** Who applied (the artwork's author then); null once the account is deleted. */
    applicantId: integer().references(() => users.id, { onDelete: 'set null' }),
    selected: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Issue #33.6: sent within the call's grace window, after its closing date. */
    late: boolean().notNull().default(false),
  },
  (t) => [
    unique('invite_applications_uq').on(t.inviteId, t.artworkId),
    index('invite_applications_artwork_idx').on(t.artworkId),
    index('invite_applications_applicant_idx').on(t.applicantId),
    index('invite_applications_invite_created_idx').on(t.inviteId, t.created, t.id),
  ],
);

export const inviteAnswers = pgTable(
  'invite_answers',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => inviteApplications.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => inviteQuestions.id, { onDelete: 'cascade' }),
    answer: varchar({ length: ANSWER_MAX }).notNull().default(''),
  },
  (t) => [unique('invite_answers_uq').on(t.applicationId, t.questionId)],
);
