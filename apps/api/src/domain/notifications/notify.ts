import type { NotificationType } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export interface Notice {
  /** Who is told. */
  userId: number;
  type: NotificationType;
  /** Who did it (a follower, a collector), when someone did. */
  actorId?: number | null;
  artworkId?: number | null;
  inviteId?: number | null;
  applicationId?: number | null;
  data?: Record<string, unknown>;
  /** At most one notice per user and key (e.g. 'selected:12'); a second one with the key is not written. */
  key?: string;
}

/**
 * The one way a feature tells a user something (issue #17): call it with the transaction of the event, so the
 * notice exists exactly when the event does. Nobody is told of their own action. Answers whether it was written.
 */
export async function notify(db: Executor, notice: Notice): Promise<boolean> {
  if (notice.actorId != null && notice.actorId === notice.userId) return false;
  const rows = await db
    .insert(notifications)
    .values({
      userId: notice.userId,
      type: notice.type,
      actorId: notice.actorId ?? null,
      artworkId: notice.artworkId ?? null,
      inviteId: notice.inviteId ?? null,
      applicationId: notice.applicationId ?? null,
      data: notice.data ?? {},
      key: notice.key ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.length > 0;
}
