import type { UserRow } from '../../domain/users/user.ts';

/** SPEC §4 Collect: only the collector removes their own entry. */
export const canRemoveCollection = (viewer: UserRow, entry: { userId: number }) => viewer.id === entry.userId;
