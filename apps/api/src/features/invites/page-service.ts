import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { presentColumn, presentPage } from './present.ts';
import * as q from './invite-queries.ts';
import * as pages from './page-queries.ts';

/** Sanitizes a column's HTML before it is stored (DESIGN: every stored HTML field). */
export type HtmlCleaner = (html: string) => string;

// Pages and columns (staff).

export interface ColumnInput {
  content?: string;
  width?: 6 | 12;
  order?: number;
}

export async function createPage(db: Db, clean: HtmlCleaner, input: { invite: number; background_color?: string; order?: number; columns?: ColumnInput[] }) {
  return db.transaction(async (tx) => {
    const invite = await q.findInvite(tx, input.invite);
    if (!invite) throw badRequest({ invite: 'invite.not_found' });
    const page = await pages.insertPage(tx, { inviteId: invite.id, backgroundColor: input.background_color, order: input.order ?? 0 });
    const columns = await pages.insertColumns(
      tx,
      (input.columns ?? []).map((c, i) => ({ pageId: page.id, content: clean(c.content ?? ''), width: c.width ?? 6, order: c.order ?? i })),
    );
    return presentPage(page, columns);
  });
}

export async function updatePage(db: Db, id: number, input: { background_color?: string; order?: number }) {
  const page = await pages.findPage(db, id);
  if (!page) throw notFound();
  const row = await pages.updatePage(db, id, {
    ...(input.background_color !== undefined ? { backgroundColor: input.background_color } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  });
  const { columns } = await q.loadPages(db, page.inviteId);
  return presentPage(row, columns);
}

export async function deletePage(db: Db, id: number) {
  if (!(await pages.deletePage(db, id))) throw notFound();
}

export async function createColumn(db: Db, clean: HtmlCleaner, input: ColumnInput & { page: number }) {
  const page = await pages.findPage(db, input.page);
  if (!page) throw badRequest({ page: 'invite.page_not_found' });
  const [row] = await pages.insertColumns(db, [{ pageId: page.id, content: clean(input.content ?? ''), width: input.width ?? 6, order: input.order ?? 0 }]);
  return presentColumn(row);
}

export async function updateColumn(db: Db, clean: HtmlCleaner, id: number, input: ColumnInput & { page?: number }) {
  const column = await pages.findColumn(db, id);
  if (!column) throw notFound();
  if (input.page !== undefined && !(await pages.findPage(db, input.page))) throw badRequest({ page: 'invite.page_not_found' });
  const row = await pages.updateColumn(db, id, {
    ...(input.page !== undefined ? { pageId: input.page } : {}),
    ...(input.content !== undefined ? { content: clean(input.content) } : {}),
    ...(input.width !== undefined ? { width: input.width } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  });
  return presentColumn(row);
}

export async function deleteColumn(db: Db, id: number) {
  if (!(await pages.deleteColumn(db, id))) throw notFound();
}
