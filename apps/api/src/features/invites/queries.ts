import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworks,
  inviteAnswers,
  inviteApplications,
  inviteColumns,
  invitePages,
  inviteQuestions,
  invites,
  inviteSubscriptions,
  users,
} from '../../db/schema/index.ts';

export type InviteRow = typeof invites.$inferSelect;
export type InvitePageRow = typeof invitePages.$inferSelect;
export type InviteColumnRow = typeof inviteColumns.$inferSelect;
export type InviteQuestionRow = typeof inviteQuestions.$inferSelect;
export type ApplicationRow = typeof inviteApplications.$inferSelect;
export type OwnerRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'slug' | 'croppedAvatar'>;

const ownerColumns = { id: users.id, username: users.username, name: users.name, slug: users.slug, croppedAvatar: users.croppedAvatar };

/** SPEC §4: an ongoing invite whose closed date has passed is under examination. Returns how many moved. */
export async function closeExpiredInvites(db: Executor, now = new Date()): Promise<number> {
  const moved = await db
    .update(invites)
    .set({ status: 'examination' })
    .where(and(eq(invites.status, 'ongoing'), lte(invites.closed, now)))
    .returning({ id: invites.id });
  return moved.length;
}

export async function countInvites(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invites);
  return row?.n ?? 0;
}

export function listInvites(db: Executor, limit: number, offset: number) {
  return db.select().from(invites).orderBy(desc(invites.created), desc(invites.id)).limit(limit).offset(offset);
}

export async function findInvite(db: Executor, id: number): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id));
  return row;
}

export async function findOwners(db: Executor, ids: number[]): Promise<Map<number, OwnerRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select(ownerColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The user a staff member names as owner: by id or by e-mail (case-insensitive). */
export async function findUserByIdOrEmail(db: Executor, idOrEmail: number | string) {
  const where: SQL = typeof idOrEmail === 'number' ? eq(users.id, idOrEmail) : (sql`lower(${users.email}) = lower(${idOrEmail})` as SQL);
  const [row] = await db.select({ id: users.id }).from(users).where(where);
  return row;
}

export async function insertInvite(db: Executor, values: typeof invites.$inferInsert) {
  const [row] = await db.insert(invites).values(values).returning();
  return row;
}

export async function updateInvite(db: Executor, id: number, values: Partial<typeof invites.$inferInsert>) {
  const [row] = await db.update(invites).set(values).where(eq(invites.id, id)).returning();
  return row;
}

export async function deleteInvite(db: Executor, id: number) {
  const rows = await db.delete(invites).where(eq(invites.id, id)).returning({ id: invites.id });
  return rows.length > 0;
}

export async function loadPages(db: Executor, inviteId: number) {
  const pages = await db.select().from(invitePages).where(eq(invitePages.inviteId, inviteId)).orderBy(asc(invitePages.order), asc(invitePages.id));
  const columns = pages.length
    ? await db
        .select()
        .from(inviteColumns)
        .where(
          inArray(
            inviteColumns.pageId,
            pages.map((p) => p.id),
          ),
        )
        .orderBy(asc(inviteColumns.order), asc(inviteColumns.id))
    : [];
  return { pages, columns };
}

export async function findSubscription(db: Executor, inviteId: number, userId: number) {
  const [row] = await db
    .select({ id: inviteSubscriptions.id })
    .from(inviteSubscriptions)
    .where(and(eq(inviteSubscriptions.inviteId, inviteId), eq(inviteSubscriptions.userId, userId)));
  return row;
}

/** Creates the subscription, or returns the one the user already has. */
export async function upsertSubscription(db: Executor, inviteId: number, userId: number) {
  const [created] = await db.insert(inviteSubscriptions).values({ inviteId, userId }).onConflictDoNothing().returning({ id: inviteSubscriptions.id });
  return created ?? (await findSubscription(db, inviteId, userId));
}

export async function deleteSubscription(db: Executor, id: number, userId: number) {
  const rows = await db
    .delete(inviteSubscriptions)
    .where(and(eq(inviteSubscriptions.id, id), eq(inviteSubscriptions.userId, userId)))
    .returning({ id: inviteSubscriptions.id });
  return rows.length > 0;
}

// Pages and columns (staff).

export async function findPage(db: Executor, id: number) {
  const [row] = await db.select().from(invitePages).where(eq(invitePages.id, id));
  return row;
}

export async function insertPage(db: Executor, values: typeof invitePages.$inferInsert) {
  const [row] = await db.insert(invitePages).values(values).returning();
  return row;
}

export async function updatePage(db: Executor, id: number, values: Partial<typeof invitePages.$inferInsert>) {
  const [row] = await db.update(invitePages).set(values).where(eq(invitePages.id, id)).returning();
  return row;
}

export async function deletePage(db: Executor, id: number) {
  const rows = await db.delete(invitePages).where(eq(invitePages.id, id)).returning({ id: invitePages.id });
  return rows.length > 0;
}

export async function findColumn(db: Executor, id: number) {
  const [row] = await db.select().from(inviteColumns).where(eq(inviteColumns.id, id));
  return row;
}

export async function insertColumns(db: Executor, values: (typeof inviteColumns.$inferInsert)[]) {
  if (!values.length) return [];
  return db.insert(inviteColumns).values(values).returning();
}

export async function updateColumn(db: Executor, id: number, values: Partial<typeof inviteColumns.$inferInsert>) {
  const [row] = await db.update(inviteColumns).set(values).where(eq(inviteColumns.id, id)).returning();
  return row;
}

export async function deleteColumn(db: Executor, id: number) {
  const rows = await db.delete(inviteColumns).where(eq(inviteColumns.id, id)).returning({ id: inviteColumns.id });
  return rows.length > 0;
}

// Questions.

export function listQuestions(db: Executor, inviteId: number) {
  return db.select().from(inviteQuestions).where(eq(inviteQuestions.inviteId, inviteId)).orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
}

export async function findQuestion(db: Executor, id: number) {
  const [row] = await db.select().from(inviteQuestions).where(eq(inviteQuestions.id, id));
  return row;
}

export async function insertQuestion(db: Executor, values: typeof inviteQuestions.$inferInsert) {
  const [row] = await db.insert(inviteQuestions).values(values).returning();
  return row;
}

export async function updateQuestion(db: Executor, id: number, values: Partial<typeof inviteQuestions.$inferInsert>) {
  const [row] = await db.update(inviteQuestions).set(values).where(eq(inviteQuestions.id, id)).returning();
  return row;
}

export async function deleteQuestion(db: Executor, id: number) {
  const rows = await db.delete(inviteQuestions).where(eq(inviteQuestions.id, id)).returning({ id: inviteQuestions.id });
  return rows.length > 0;
}

// Applications and answers.

export async function findArtworkForApplication(db: Executor, id: number) {
  const [row] = await db
    .select({ id: artworks.id, authorId: artworks.authorId, title: artworks.title, published: artworks.published, draft: artworks.draft })
    .from(artworks)
    .where(eq(artworks.id, id));
  return row;
}

/** Inserts the application; undefined when the (invite, artwork) pair already has one. */
export async function insertApplication(db: Executor, inviteId: number, artworkId: number) {
  const [row] = await db.insert(inviteApplications).values({ inviteId, artworkId }).onConflictDoNothing().returning();
  return row;
}

export async function findApplication(db: Executor, id: number) {
  const [row] = await db
    .select({ application: inviteApplications, authorId: artworks.authorId, artworkTitle: artworks.title })
    .from(inviteApplications)
    .innerJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .where(eq(inviteApplications.id, id));
  return row;
}

export async function setApplicationSelected(db: Executor, id: number, selected: boolean) {
  const [row] = await db.update(inviteApplications).set({ selected }).where(eq(inviteApplications.id, id)).returning();
  return row;
}

/**
 * One answer, written only when its question belongs to the invite; undefined otherwise
 * (the caller aborts its transaction). A second answer to the same question conflicts.
 */
export async function insertAnswer(db: Executor, application: { id: number; inviteId: number }, questionId: number, answer: string) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into ${inviteAnswers} (application_id, question_id, answer)
    select ${application.id}, q.id, ${answer}
      from ${inviteQuestions} q
     where q.id = ${questionId} and q.invite_id = ${application.inviteId}
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

export async function findUserForMail(db: Executor, id: number) {
  const [row] = await db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, id));
  return row;
}

/** Submissions of an invite (artwork rows with their application), newest first. */
export async function listSubmissions(
  db: Executor,
  inviteId: number,
  options: { selectedOnly: boolean; visibility: SQL | undefined },
  limit: number,
  offset: number,
) {
  const where = and(eq(inviteApplications.inviteId, inviteId), options.selectedOnly ? eq(inviteApplications.selected, true) : undefined, options.visibility);
  const [total] = await db.select({ n: count() }).from(inviteApplications).innerJoin(artworks, eq(artworks.id, inviteApplications.artworkId)).where(where);
  const rows = await db
    .select({ artwork: artworks, application: { id: inviteApplications.id, selected: inviteApplications.selected } })
    .from(inviteApplications)
    .innerJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .where(where)
    .orderBy(desc(inviteApplications.created), desc(inviteApplications.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows };
}
