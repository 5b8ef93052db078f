import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { artworkCategories, artworks, categories, inviteAnswers, inviteApplications, inviteQuestions, inviteSnapshots } from '../../../db/schema/index.ts';
import { oneRow } from '../../../http/rows.ts';

// Applications and answers.

export async function findArtworkForApplication(db: Executor, id: number) {
  const [row] = await db
    .select({ id: artworks.id, authorId: artworks.authorId, title: artworks.title, published: artworks.published, draft: artworks.draft })
    .from(artworks)
    .where(eq(artworks.id, id));
  return row;
}

/** Inserts the application; undefined when the (invite, artwork) pair already has one. */
export async function insertApplication(db: Executor, inviteId: number, artworkId: number, applicantId: number, late = false) {
  const [row] = await db.insert(inviteApplications).values({ inviteId, artworkId, applicantId, late }).onConflictDoNothing().returning();
  return row;
}

/**
 * The application with who sent it (null once their account is gone) and the title it was sent under (the frozen
 * copy's; the live artwork's for an entry from before snapshots). It outlives its artwork (issue #16).
 */
export async function findApplication(db: Executor, id: number) {
  const [row] = await db
    .select({
      application: inviteApplications,
      authorId: inviteApplications.applicantId,
      artworkTitle: sql<string>`coalesce(${inviteSnapshots.title}, ${artworks.title}, '')`,
    })
    .from(inviteApplications)
    .leftJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(eq(inviteApplications.id, id));
  return row;
}

export async function setApplicationSelected(db: Executor, id: number, selected: boolean) {
  // An application gone meanwhile: 404 (issue #36).
  return oneRow(db.update(inviteApplications).set({ selected }).where(eq(inviteApplications.id, id)).returning());
}

/**
 * One answer, written only when its question is a free-text one of the invite (eligibility ones are answered before
 * applying, issue #33.1); undefined otherwise
 * (the caller aborts its transaction). A second answer to the same question conflicts.
 */
export async function insertAnswer(db: Executor, application: { id: number; inviteId: number }, questionId: number, answer: string) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into ${inviteAnswers} (application_id, question_id, answer)
    select ${application.id}, q.id, ${answer}
      from ${inviteQuestions} q
     where q.id = ${questionId} and q.invite_id = ${application.inviteId} and q.kind = 'text'
    on conflict (application_id, question_id) do nothing
    returning id`);
  const list = 'rows' in rows ? rows.rows : (rows as unknown as { id: number }[]);
  return list[0];
}

export async function answerExists(db: Executor, applicationId: number, questionId: number) {
  const [row] = await db
    .select({ id: inviteAnswers.id })
    .from(inviteAnswers)
    .where(and(eq(inviteAnswers.applicationId, applicationId), eq(inviteAnswers.questionId, questionId)));
  return Boolean(row);
}

export function listAnswers(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return Promise.resolve([]);
  return db
    .select({ applicationId: inviteAnswers.applicationId, id: inviteAnswers.id, question: inviteAnswers.questionId, answer: inviteAnswers.answer })
    .from(inviteAnswers)
    .innerJoin(inviteQuestions, eq(inviteQuestions.id, inviteAnswers.questionId))
    .where(inArray(inviteAnswers.applicationId, applicationIds))
    .orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
}

/** What the owner narrows the submissions to (issue #19): selected or not, a category, a submission date range. */
export interface SubmissionFilters {
  selection?: 'selected' | 'unselected';
  category?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
  ordering: 'newest' | 'oldest';
}

/**
 * Entries of a genre: the live artwork's genres, or the frozen copy's once the artwork was deleted (the entry keeps
 * the genres it was sent with, issue #29).
 */
function categoryFilter(db: Executor, category: string | undefined) {
  if (!category) return undefined;
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(artworkCategories)
        .innerJoin(categories, eq(categories.id, artworkCategories.categoryId))
        .where(and(eq(artworkCategories.artworkId, inviteApplications.artworkId), eq(categories.category, category))),
    ),
    and(isNull(inviteApplications.artworkId), sql`${inviteSnapshots.taxonomy}->'categories' @> ${JSON.stringify([{ code: category }])}::jsonb`),
  );
}

/**
 * Submissions of an invite (the application with its artwork row, null once the artwork was deleted: the entry stays
 * the call's, issue #29), newest or oldest first. `visibility` (the public's view) keeps live, visible artworks only.
 */
export async function listSubmissions(
  db: Executor,
  inviteId: number,
  options: { selectedOnly: boolean; visibility: SQL | undefined; filters?: SubmissionFilters },
  limit: number,
  offset: number,
) {
  const f = options.filters;
  const where = and(
    eq(inviteApplications.inviteId, inviteId),
    options.selectedOnly || f?.selection === 'selected' ? eq(inviteApplications.selected, true) : undefined,
    f?.selection === 'unselected' ? eq(inviteApplications.selected, false) : undefined,
    f?.from ? gte(inviteApplications.created, f.from) : undefined,
    f?.until ? lt(inviteApplications.created, f.until) : undefined,
    categoryFilter(db, f?.category),
    options.visibility,
  );
  const order =
    f?.ordering === 'oldest' ? [asc(inviteApplications.created), asc(inviteApplications.id)] : [desc(inviteApplications.created), desc(inviteApplications.id)];
  const [total] = await db
    .select({ n: count() })
    .from(inviteApplications)
    .leftJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(where);
  const rows = await db
    .select({ artwork: artworks, application: { id: inviteApplications.id, selected: inviteApplications.selected, late: inviteApplications.late } })
    .from(inviteApplications)
    .leftJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows };
}
