import type { UserRow } from '../../domain/users/user.ts';

/** Issue #18: an artist sets the AI-training opt-out of their own account and artworks only. */
export const canSetOptOut = (viewer: UserRow, ownerId: number) => viewer.id === ownerId;
