import type { TaxonomyList } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { presentUser } from '../../domain/users/present.ts';
import { presentJob, presentListItem } from './present.ts';
import * as q from './queries.ts';

export async function pageMembers(deps: Deps, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageMembers(deps.db, search, limit, offset);
  return { count, results: rows.map(presentUser.member) };
}

export interface MemberChange {
  is_premium?: boolean;
  is_staff?: boolean;
  level?: number;
}

/**
 * SPEC §6: grant or revoke premium membership and staff, set the artist level (0-5).
 * Premium decides who sees a member's artworks (the visibility triggers follow), and the level
 * shows on every card, so the cached page data is rebuilt.
 */
export async function changeMember(deps: Deps, viewer: UserRow, id: number, change: MemberChange) {
  const member = await q.findMember(deps.db, id);
  if (!member) throw notFound();
  // Staff cannot lock themselves out of the console by accident.
  if (change.is_staff === false && member.id === viewer.id) throw badRequest({ is_staff: 'curation.self_staff' });
  const row = await q.updateMember(deps.db, id, { isPremium: change.is_premium, isStaff: change.is_staff, level: change.level });
  return presentUser.member(row);
}

export async function listItems(deps: Deps, list: TaxonomyList) {
  return (await q.listItems(deps.db, list)).map(presentListItem);
}

const normalCode = (list: TaxonomyList, code: string) => (list === 'colors' ? code.toUpperCase() : code);

export async function addItem(deps: Deps, list: TaxonomyList, body: { code: string; name_ko: string; name_en: string; is_primary?: boolean }) {
  const code = normalCode(list, body.code);
  const id = await deps.db.transaction(async (tx) => {
    if (await q.findItemByCode(tx, list, code)) throw badRequest({ code: 'list.code_taken' });
    return q.insertItem(tx, list, {
      code,
      nameKo: body.name_ko,
      nameEn: body.name_en,
      isPrimary: body.is_primary ?? false,
      position: await q.nextPosition(tx, list),
    });
  });
  return presentListItem((await q.findItem(deps.db, list, id)) as q.ListItemRow);
}

/** Rename (both languages), mark primary, retire or bring back. Codes stay: URLs and filters use them. */
export async function changeItem(
  deps: Deps,
  list: TaxonomyList,
  id: number,
  body: { name_ko?: string; name_en?: string; is_primary?: boolean; retired?: boolean },
) {
  if (!(await q.findItem(deps.db, list, id))) throw notFound();
  await q.updateItem(deps.db, list, id, { nameKo: body.name_ko, nameEn: body.name_en, isPrimary: body.is_primary, retired: body.retired });
  return presentListItem((await q.findItem(deps.db, list, id)) as q.ListItemRow);
}

/** The new order names every item of the list once; positions are rewritten in one transaction. */
export async function reorderItems(deps: Deps, list: TaxonomyList, ids: number[]) {
  await deps.db.transaction(async (tx) => {
    const current = await q.listItems(tx, list);
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw badRequest({ ids: 'list.order_mismatch' });
    }
    for (const [position, id] of ids.entries()) await q.updateItem(tx, list, id, { position });
  });
  return listItems(deps, list);
}

export async function pageFailedJobs(deps: Deps, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageFailedJobs(deps.db, search, limit, offset);
  return { count, results: rows.map(presentJob) };
}

/** Staff send a failed job again (a mail whose address was fixed, an SMTP outage that is over). */
export async function retryJob(deps: Deps, id: number): Promise<void> {
  if (!(await q.retryJob(deps.db, id))) throw notFound();
}
