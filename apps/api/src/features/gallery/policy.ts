import type { UserRow } from '../../domain/users/user.ts';

export const isOwner = (viewer: UserRow | null, userId: number) => viewer !== null && viewer.id === userId;

/** A collection is public unless its owner made it private (SPEC §3 public_collection; issue #6: owner only). */
export const canSeeCollection = (viewer: UserRow | null, user: { id: number; publicCollection: boolean }) => user.publicCollection || isOwner(viewer, user.id);
