import type { Lang } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import { presentUser } from '../../domain/users/present.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { notify } from '../../domain/notifications/notify.ts';
import { canFollow, canUnfollow } from './policy.ts';
import * as q from './queries.ts';

/**
 * Issue #17 Follow: one row per pair whatever the number of requests; the artist hears of a new follower once per
 * follower ever (unfollowing and following again tells nobody twice), in the follow's transaction.
 */
export async function follow(deps: Deps, viewer: UserRow, artistId: number) {
  if (!canFollow(viewer, artistId)) throw badRequest({ artist: 'follow.self' });
  return deps.db.transaction(async (tx) => {
    if (!(await q.findUserExists(tx, artistId))) throw badRequest({ artist: 'follow.artist_not_found' });
    const entry = await q.insertFollow(tx, viewer.id, artistId);
    if (entry.created) await notify(tx, { userId: artistId, type: 'follow', actorId: viewer.id, key: `follow:${viewer.id}` });
    return entry;
  });
}

/** Someone else's follow is answered like a missing one. */
export async function unfollow(deps: Deps, viewer: UserRow, id: number) {
  const entry = await q.findFollow(deps.db, id);
  if (!entry || !canUnfollow(viewer, entry)) throw notFound();
  await q.deleteFollow(deps.db, id);
}

export const listMine = (deps: Deps, viewer: UserRow) => q.followsOf(deps.db, viewer.id);

/** A user's followers or following, paged; each row is the other user's card and when the follow began. */
export async function listFollowUsers(deps: Deps, userId: number, which: 'followers' | 'following', page: Page, _lang: Lang) {
  if (!(await q.findUserExists(deps.db, userId))) throw notFound();
  const [total, rows] = await Promise.all([q.countFollowUsers(deps.db, userId, which), q.pageOfFollowUsers(deps.db, userId, which, page.limit, page.offset)]);
  return { count: total, results: rows.map((row) => ({ ...presentUser.card(row), followed: row.followed.toISOString() })) };
}

/** Followers told per transaction in a publish fan-out. */
const FAN_OUT_BATCH = 500;

/**
 * The 'follows.publish' job (queued by a trigger each time an artwork becomes visible, migration 0011): every follower
 * of its author gets one 'publish' notice, a batch per transaction. The notice's key ('publish:<artwork>') makes a
 * retried batch, or the fan-out of a second publish, write nothing twice: a follower is told once per artwork, and
 * one who followed between two publishes is told on the second. An artwork hidden again stops the fan-out (the next
 * publish queues another).
 */
export async function fanOutPublish(deps: Deps, artworkId: number) {
  const artwork = await q.findVisibleArtwork(deps.db, artworkId);
  if (!artwork) return 0;
  let after = 0;
  let told = 0;
  for (;;) {
    const batch = await q.followersAfter(deps.db, artwork.authorId, after, FAN_OUT_BATCH);
    if (!batch.length) return told;
    const visible = await deps.db.transaction(async (tx) => {
      if (!(await q.findVisibleArtwork(tx, artworkId))) return false;
      for (const row of batch) {
        if (await notify(tx, { userId: row.followerId, type: 'publish', actorId: artwork.authorId, artworkId, key: `publish:${artworkId}` })) told++;
      }
      return true;
    });
    if (!visible) return told;
    after = batch[batch.length - 1].id;
  }
}
