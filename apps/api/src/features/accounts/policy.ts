import type { UserRow } from '../../domain/users/user.ts';

/** Account changes (password change, deletion) are the owner's alone (SPEC §6). */
export const canManageAccount = (viewer: UserRow, accountId: number) => viewer.id === accountId;

/** SPEC §6: a premium member cannot self-delete; withdrawal goes through the external form. */
export const canSelfDelete = (user: UserRow) => !user.isPremium;
