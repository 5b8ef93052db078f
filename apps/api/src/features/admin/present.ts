import type { ListItemRow } from './queries.ts';

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
