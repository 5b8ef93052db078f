import type { UserRow } from '../../domain/users/user.ts';

/** Issue #17: only the follower ends their follow. */
export const canUnfollow = (viewer: UserRow, follow: { followerId: number }) => viewer.id === follow.followerId;
/** Nobody follows themself. */
export const canFollow = (viewer: UserRow, artistId: number) => viewer.id !== artistId;
