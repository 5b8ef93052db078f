import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { artworks, collections } from '../../db/schema/index.ts';
import { type CardRow, type Related, type RelatedRows, splitRelated, withRelated, withViewerCollection } from '../artworks/read-model.ts';

/** One row of a page as everyone sees it: which artwork, and its views. */
export interface PageRow {
  id: number;
  hit: number;
}

/** …and the viewer's collection entry for it. */
export interface PageMark extends PageRow {
  collection: number | null;
}

/** The marks of given ids, in their order (one statement, prepared once per database; guest and member forms). */
export function prepareMarks(db: Db) {
  const page = sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, n)`;
  const marks = (viewer: SQL | null) =>
    db
      .select({ id: artworks.id, hit: artworks.hit, collection: sql<number | null>`${withViewerCollection(viewer)}` })
      .from(page)
      .innerJoin(artworks, sql`${artworks.id} = page.id`)
      .orderBy(sql`page.n`);
  return { guest: marks(null).prepare('gallery_marks_guest'), member: marks(sql`${sql.placeholder('viewer')}::int`).prepare('gallery_marks_member') };
}
export type MarkStatements = ReturnType<typeof prepareMarks>;

export async function marksOf(p: MarkStatements, ids: number[], viewerId: number | null): Promise<PageMark[]> {
  if (!ids.length) return [];
  return (viewerId === null ? await p.guest.execute({ ids }) : await p.member.execute({ ids, viewer: viewerId })) as PageMark[];
}

/** The viewer's collection entries by artwork id (issue #14: kept per viewer, merged into shared pages). */
export async function collectedBy(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: collections.id, artworkId: collections.artworkId }).from(collections).where(eq(collections.userId, userId));
  return new Map(rows.map((r) => [r.artworkId, r.id]));
}

/** The cards' one statement (rows without their content, with their relations), prepared once per database. */
export function prepareCards(db: Db) {
  return db
    .select(withRelated(null, { content: false }))
    .from(artworks)
    .where(sql`${artworks.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('gallery_cards');
}
export type CardStatement = ReturnType<typeof prepareCards>;

/** The rows and relations of the cards a page lacks. */
export async function cardRows(statement: CardStatement, ids: number[]) {
  return splitRelated((await statement.execute({ ids })) as (CardRow & { related: Related })[]);
}

/** The detail's one statement (the viewer's marks are read apart: marksOf), prepared once per database. */
export function prepareDetail(db: Db) {
  return db
    .select(withRelated(null))
    .from(artworks)
    .where(eq(artworks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('gallery_artwork');
}
export type DetailStatement = ReturnType<typeof prepareDetail>;

/** One artwork with everything the overlay shows, in one statement (prepared once per app: gallery-state). */
export async function findArtworkWithRelated(statement: DetailStatement, id: number) {
  const selected = await statement.execute({ id });
  return selected.length ? splitRelated(selected as RelatedRows) : null;
}
