import type { ListItemRow, MemberRow } from './queries.ts';

/** A member as the console's table shows it: never the password or sessions. */
export const presentMember = (row: MemberRow) => ({
  id: row.id,
  username: row.username,
  slug: row.slug,
  name: row.name,
  email: row.email,
  is_staff: row.isStaff,
  is_premium: row.isPremium,
  level: row.level,
  cropped_avatar: row.croppedAvatar,
  created: row.created.toISOString(),
});

/** A list item with both names, so staff can rename either (SPEC §3 Lists). */
export const presentListItem = (row: ListItemRow) => ({
  id: row.id,
  code: row.code,
  name_ko: row.nameKo,
  name_en: row.nameEn,
  is_primary: row.isPrimary,
  position: row.position,
  retired: row.retired,
});
