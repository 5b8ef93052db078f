import type { Db, Tx } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { editableInvite } from '../calls/service.ts';
import { presentColumn, presentPage } from '../calls/present.ts';
import * as q from '../calls/queries.ts';
import * as pages from './queries.ts';

/** Sanitizes a column's HTML before it is stored (DESIGN: every stored HTML field). */
export type HtmlCleaner = (html: string) => string;

// Pages and columns (the invite's owner or staff, issue #19).

export interface ColumnInput {
  content?: string;
  width?: 6 | 12;
  order?: number;
}

type PageRow = NonNullable<Awaited<ReturnType<typeof pages.findPage>>>;
type ColumnRow = NonNullable<Awaited<ReturnType<typeof pages.findColumn>>>;

const unknownInvite = () => badRequest({ invite: 'invite.not_found' });
const unknownPage = () => badRequest({ page: 'invite.page_not_found' });

/**
 * Runs `work` on the page `viewer` may edit, in one transaction that holds the page's invite (`FOR UPDATE`, as every
 * edit of a call does): a page or column edit waits for a deletion or change of the call in flight and then finds
 * what is left, never writing into a page that went meanwhile. 404 without the page (`missing` when the body named
 * it), 403 when it is another's invite they can see.
 */
async function onEditablePage<T>(db: Db, viewer: UserRow | null, id: number, missing: (() => Error) | undefined, work: (tx: Tx, page: PageRow) => Promise<T>) {
  const gone = () => (missing ? missing() : notFound());
  const found = await pages.findPage(db, id);
  if (!found) throw gone();
  return db.transaction(async (tx) => {
    await editableInvite(tx, viewer, found.inviteId, missing, true);
    const page = await pages.findPage(tx, id);
    if (!page) throw gone();
    return work(tx, page);
  });
}

/** Runs `work` on the column `viewer` may edit, its page's invite held as above; 404 without it. */
async function onEditableColumn<T>(db: Db, viewer: UserRow | null, id: number, work: (tx: Tx, column: ColumnRow, page: PageRow) => Promise<T>) {
  const found = await pages.findColumn(db, id);
  if (!found) throw notFound();
  return onEditablePage(db, viewer, found.pageId, undefined, async (tx, page) => {
    const column = await pages.findColumn(tx, id);
    if (!column || column.pageId !== page.id) throw notFound();
    return work(tx, column, page);
  });
}

export async function createPage(
  db: Db,
  viewer: UserRow | null,
  clean: HtmlCleaner,
  input: { invite: number; background_color?: string; order?: number; columns?: ColumnInput[] },
) {
  return db.transaction(async (tx) => {
    const invite = await editableInvite(tx, viewer, input.invite, unknownInvite, true);
    const page = await pages.insertPage(tx, { inviteId: invite.id, backgroundColor: input.background_color, order: input.order ?? 0 });
    const columns = await pages.insertColumns(
      tx,
      (input.columns ?? []).map((c, i) => ({ pageId: page.id, content: clean(c.content ?? ''), width: c.width ?? 6, order: c.order ?? i })),
    );
    return presentPage(page, columns);
  });
}

export async function updatePage(db: Db, viewer: UserRow | null, id: number, input: { background_color?: string; order?: number }) {
  return onEditablePage(db, viewer, id, undefined, async (tx, page) => {
    const row = await pages.updatePage(tx, id, {
      ...(input.background_color !== undefined ? { backgroundColor: input.background_color } : {}),
      ...(input.order !== undefined ? { order: input.order } : {}),
    });
    const { columns } = await q.loadPages(tx, page.inviteId);
    return presentPage(row, columns);
  });
}

export async function deletePage(db: Db, viewer: UserRow | null, id: number) {
  await onEditablePage(db, viewer, id, undefined, (tx) => pages.deletePage(tx, id));
}

export async function createColumn(db: Db, viewer: UserRow | null, clean: HtmlCleaner, input: ColumnInput & { page: number }) {
  return onEditablePage(db, viewer, input.page, unknownPage, async (tx, page) => {
    const [row] = await pages.insertColumns(tx, [{ pageId: page.id, content: clean(input.content ?? ''), width: input.width ?? 6, order: input.order ?? 0 }]);
    return presentColumn(row);
  });
}

export async function updateColumn(db: Db, viewer: UserRow | null, clean: HtmlCleaner, id: number, input: ColumnInput & { page?: number }) {
  return onEditableColumn(db, viewer, id, async (tx, _column, page) => {
    // A column moves only between pages of the same invite.
    if (input.page !== undefined && (await pages.findPage(tx, input.page))?.inviteId !== page.inviteId) throw unknownPage();
    const row = await pages.updateColumn(tx, id, {
      ...(input.page !== undefined ? { pageId: input.page } : {}),
      ...(input.content !== undefined ? { content: clean(input.content) } : {}),
      ...(input.width !== undefined ? { width: input.width } : {}),
      ...(input.order !== undefined ? { order: input.order } : {}),
    });
    return presentColumn(row);
  });
}

export async function deleteColumn(db: Db, viewer: UserRow | null, id: number) {
  await onEditableColumn(db, viewer, id, (tx) => pages.deleteColumn(tx, id));
}
