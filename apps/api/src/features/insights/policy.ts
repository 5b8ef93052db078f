import type { UserRow } from '../../domain/users/user.ts';

/** Issue #17: an artist's numbers are theirs alone (others, staff included, get a 404 as if there were none). */
export const canReadInsights = (viewer: UserRow | null, userId: number) => viewer?.id === userId;
/** Platform totals are the staff console's. */
export const canReadPlatform = (viewer: UserRow | null) => Boolean(viewer?.isStaff);
