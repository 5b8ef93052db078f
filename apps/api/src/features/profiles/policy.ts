import type { UserRow } from '../../domain/users/user.ts';

/** SPEC §6: a user edits only their own profile (and uploads images only for it). */
export function canEditProfile(viewer: UserRow | null, profileId: number): boolean {
  return viewer !== null && viewer.id === profileId;
}

/** SPEC §2 Mail & Contact: e-mail and phone are public only when the owner chose to show them. */
export function canSeeContact(viewer: UserRow | null, profile: Pick<UserRow, 'id' | 'showContact'>): boolean {
  return profile.showContact || (viewer !== null && viewer.id === profile.id);
}

/** SPEC §6: staff set artist levels (0-5). */
export function canSetArtistLevel(viewer: UserRow | null): boolean {
  return viewer?.isStaff === true;
}
