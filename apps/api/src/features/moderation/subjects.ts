import { artworkPath, invitePath, type ReportSubject, type ReportTarget } from '@axoo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, conversationMessages, invites, users } from '../../db/schema/index.ts';
import { safeCover } from '../../domain/artworks/rating.ts';

/**
 * Issue #31: reported targets as their viewers see them (a mature cover blurred, as any viewer who has not opted in
 * receives it), with their owner; one statement per kind of target. A target that is gone has no entry.
 */
export type SubjectKey = `${ReportTarget}:${number}`;
export const subjectKey = (target: ReportTarget, id: number): SubjectKey => `${target}:${id}`;

export async function loadSubjects(db: Executor, wanted: { target: ReportTarget; targetId: number }[]): Promise<Map<SubjectKey, ReportSubject>> {
  const ids = (target: ReportTarget) => [...new Set(wanted.filter((w) => w.target === target).map((w) => w.targetId))];
  const found = new Map<SubjectKey, ReportSubject>();
  const owner = { id: users.id, name: users.name, slug: users.slug, suspendedAt: users.suspendedAt };
  const artworkIds = ids('artwork');
  if (artworkIds.length) {
    const rows = await db
      .select({ id: artworks.id, title: artworks.title, cover: safeCover(artworks.croppedCover), state: artworks.moderationState, owner })
      .from(artworks)
      .innerJoin(users, eq(users.id, artworks.authorId))
      .where(inArray(artworks.id, artworkIds));
    for (const r of rows) found.set(subjectKey('artwork', r.id), subject(r.owner, { title: r.title, cover: r.cover, path: artworkPath(r.id), state: r.state }));
  }
  const userIds = ids('user');
  if (userIds.length) {
    const rows = await db
      .select({ ...owner, avatar: users.croppedAvatar })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const r of rows) found.set(subjectKey('user', r.id), subject(r, { title: r.name, cover: r.avatar, path: `/${r.slug}/` }));
  }
  const inviteIds = ids('invite');
  if (inviteIds.length) {
    const rows = await db
      .select({ id: invites.id, title: invites.title, text: invites.subtitle, owner })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.ownerId))
      .where(inArray(invites.id, inviteIds));
    for (const r of rows) found.set(subjectKey('invite', r.id), subject(r.owner, { title: r.title, text: r.text, path: invitePath(r.id) }));
  }
  const messageIds = ids('message');
  if (messageIds.length) {
    const rows = await db
      .select({ id: conversationMessages.id, body: conversationMessages.body, owner })
      .from(conversationMessages)
      .innerJoin(users, eq(users.id, conversationMessages.authorId))
      .where(inArray(conversationMessages.id, messageIds));
    for (const r of rows) found.set(subjectKey('message', r.id), subject(r.owner, { title: '', text: r.body }));
  }
  return found;
}

function subject(
  owner: { id: number; name: string; slug: string; suspendedAt: Date | null },
  v: { title: string; text?: string; cover?: string; path?: string; state?: ReportSubject['moderation_state'] },
): ReportSubject {
  return {
    title: v.title,
    text: v.text ?? '',
    cover: v.cover ?? '',
    owner: { id: owner.id, name: owner.name, slug: owner.slug },
    path: v.path ?? '',
    moderation_state: v.state ?? 'none',
    suspended: owner.suspendedAt !== null,
  };
}
