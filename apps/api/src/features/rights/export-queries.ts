import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworks,
  collections,
  dataExports,
  follows,
  inviteAnswers,
  inviteApplications,
  inviteQuestions,
  invites,
  inviteSnapshots,
  users,
} from '../../db/schema/index.ts';
import { type RelatedRows, splitRelated, withRelated } from '../../domain/artworks/read-model.ts';

export type ExportRow = typeof dataExports.$inferSelect;

/** A new export, or null when one of this user's is still queued or running (the partial unique index says so). */
export async function insertExport(db: Executor, userId: number): Promise<ExportRow | null> {
  const [row] = await db.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function latestExport(db: Executor, userId: number): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.id)).limit(1);
  return row ?? null;
}

export async function findExport(db: Executor, id: number): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row ?? null;
}

/** Answers whether the export is still there (the account may have been deleted meanwhile). */
export async function setExport(db: Executor, id: number, values: Partial<ExportRow>): Promise<boolean> {
  const rows = await db.update(dataExports).set(values).where(eq(dataExports.id, id)).returning({ id: dataExports.id });
  return rows.length > 0;
}

/** The stored archives of the user's exports (deleting the account deletes them, issue #13). */
export async function exportKeysOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ key: dataExports.key })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.key, '')));
  return rows.map((r) => r.key);
}

/** The user's earlier finished exports (their objects go when a newer one is ready). */
export function olderExports(db: Executor, userId: number, id: number) {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.id, id), eq(dataExports.status, 'done')));
}

export async function exportUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** A page of the user's own artworks (drafts and private ones too) with the read model's relations, by id. */
export async function artworksAfter(db: Executor, userId: number, afterId: number, limit: number) {
  const rows = await db
    .select(withRelated(userId))
    .from(artworks)
    .where(and(eq(artworks.authorId, userId), gt(artworks.id, afterId)))
    .orderBy(asc(artworks.id))
    .limit(limit);
  return splitRelated(rows as RelatedRows);
}

/**
 * Whom the user follows and who follows them (issue #17's follows), oldest first, each with the other person's
 * slug and name and the date of the follow.
 */
export async function followsOf(db: Executor, userId: number) {
  const person = { slug: users.slug, name: users.name, since: follows.created };
  const [following, followers] = await Promise.all([
    db.select(person).from(follows).innerJoin(users, eq(users.id, follows.artistId)).where(eq(follows.followerId, userId)).orderBy(asc(follows.id)),
    db.select(person).from(follows).innerJoin(users, eq(users.id, follows.followerId)).where(eq(follows.artistId, userId)).orderBy(asc(follows.id)),
  ]);
  return { following, followers };
}

export function collectionsOf(db: Executor, userId: number) {
  return db
    .select({ id: collections.id, artwork: collections.artworkId, title: artworks.title, authorSlug: users.slug, created: collections.created })
    .from(collections)
    .innerJoin(artworks, eq(artworks.id, collections.artworkId))
    .innerJoin(users, eq(users.id, artworks.authorId))
    .where(eq(collections.userId, userId))
    .orderBy(asc(collections.id));
}

/** Every application of the user's artworks, with the invite and the answers to its questions. */
export async function applicationsOf(db: Executor, userId: number) {
  const apps = await db
    .select({
      id: inviteApplications.id,
      invite: invites.id,
      inviteTitle: invites.title,
      // Null once the artwork was deleted: the application is the applicant's still (issue #29), under the title sent.
      artwork: inviteApplications.artworkId,
      artworkTitle: sql<string>`coalesce(${inviteSnapshots.title}, ${artworks.title}, '')`,
      selected: inviteApplications.selected,
      created: inviteApplications.created,
    })
    .from(inviteApplications)
    .leftJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .innerJoin(invites, eq(invites.id, inviteApplications.inviteId))
    .where(eq(inviteApplications.applicantId, userId))
    .orderBy(asc(inviteApplications.id));
  const answers = apps.length
    ? await db
        .select({ application: inviteAnswers.applicationId, question: inviteQuestions.question, answer: inviteAnswers.answer })
        .from(inviteAnswers)
        .innerJoin(inviteQuestions, eq(inviteQuestions.id, inviteAnswers.questionId))
        .where(
          inArray(
            inviteAnswers.applicationId,
            apps.map((a) => a.id),
          ),
        )
        .orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id))
    : [];
  return apps.map((a) => ({ ...a, answers: answers.filter((x) => x.application === a.id).map(({ question, answer }) => ({ question, answer })) }));
}
