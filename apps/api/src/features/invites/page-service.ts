import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/user.ts';
import { editableInvite } from './invite-service.ts';
import { presentColumn, presentPage } from './present.ts';
import * as q from './invite-queries.ts';
import * as pages from './page-queries.ts';

/** Sanitizes a column's HTML before it is stored (DESIGN: every stored HTML field). */
export type HtmlCleaner = (html: string) => string;

// Pages and columns (the invite's owner or staff, issue #19).

export interface ColumnInput {
  content?: string;
  width?: 6 | 12;
  order?: number;
}

const unknownInvite = () => badRequest({ invite: 'invite.not_found' });
const unknownPage = () => badRequest({ page: 'invite.page_not_found' });

/** The page `viewer` may edit, or 404 (403 when it is another's invite they can see). */
async function editablePage(db: Db, viewer: UserRow | null, id: number, missing?: () => Error) {
  const page = await pages.findPage(db, id);
  if (!page) throw missing ? missing() : notFound();
  await editableInvite(db, viewer, page.inviteId, missing);
  return page;
}

export async function createPage(
  db: Db,
  viewer: UserRow | null,
  clean: HtmlCleaner,
  input: { invite: number; background_color?: string; order?: number; columns?: ColumnInput[] },
) {
  await editableInvite(db, viewer, input.invite, unknownInvite);
  return db.transaction(async (tx) => {
    const invite = await q.findInvite(tx, input.invite);
    if (!invite) throw unknownInvite();
    const page = await pages.insertPage(tx, { inviteId: invite.id, backgroundColor: input.background_color, order: input.order ?? 0 });
    const columns = await pages.insertColumns(
      tx,
      (input.columns ?? []).map((c, i) => ({ pageId: page.id, content: clean(c.content ?? ''), width: c.width ?? 6, order: c.order ?? i })),
    );
    return presentPage(page, columns);
  });
}

export async function updatePage(db: Db, viewer: UserRow | null, id: number, input: { background_color?: string; order?: number }) {
  const page = await editablePage(db, viewer, id);
  const row = await pages.updatePage(db, id, {
    ...(input.background_color !== undefined ? { backgroundColor: input.background_color } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  });
  const { columns } = await q.loadPages(db, page.inviteId);
  return presentPage(row, columns);
}

export async function deletePage(db: Db, viewer: UserRow | null, id: number) {
  await editablePage(db, viewer, id);
  if (!(await pages.deletePage(db, id))) throw notFound();
}

export async function createColumn(db: Db, viewer: UserRow | null, clean: HtmlCleaner, input: ColumnInput & { page: number }) {
  const page = await editablePage(db, viewer, input.page, unknownPage);
  const [row] = await pages.insertColumns(db, [{ pageId: page.id, content: clean(input.content ?? ''), width: input.width ?? 6, order: input.order ?? 0 }]);
  return presentColumn(row);
}

export async function updateColumn(db: Db, viewer: UserRow | null, clean: HtmlCleaner, id: number, input: ColumnInput & { page?: number }) {
  const column = await pages.findColumn(db, id);
  if (!column) throw notFound();
  const page = await editablePage(db, viewer, column.pageId);
  // A column moves only between pages of the same invite.
  if (input.page !== undefined && (await pages.findPage(db, input.page))?.inviteId !== page.inviteId) throw unknownPage();
  const row = await pages.updateColumn(db, id, {
    ...(input.page !== undefined ? { pageId: input.page } : {}),
    ...(input.content !== undefined ? { content: clean(input.content) } : {}),
    ...(input.width !== undefined ? { width: input.width } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  });
  return presentColumn(row);
}

export async function deleteColumn(db: Db, viewer: UserRow | null, id: number) {
  const column = await pages.findColumn(db, id);
  if (!column) throw notFound();
  await editablePage(db, viewer, column.pageId);
  if (!(await pages.deleteColumn(db, id))) throw notFound();
}
