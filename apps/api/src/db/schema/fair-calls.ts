import { index, integer, jsonb, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core';
import { invites } from './invites.ts';
import { users } from './users.ts';

/**
 * Issue #33.1/.6: who started applying to a call — the eligibility answers they passed with (question id → yes/no,
 * checked again against the call's questions when they apply) — and when the "closes tomorrow" reminder went to them.
 */
export const inviteEligibility = pgTable(
  'invite_eligibility',
  {
    id: serial().primaryKey(),
    inviteId: integer()
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    passed: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reminded: timestamp({ withTimezone: true }),
  },
  (t) => [unique('invite_eligibility_uq').on(t.inviteId, t.userId), index('invite_eligibility_user_idx').on(t.userId)],
);
