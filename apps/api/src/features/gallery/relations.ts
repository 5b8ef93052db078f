import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { artworks } from '../../db/schema/index.ts';
import type { ArtworkRelations, ArtworkRow, AuthorRow } from '../artworks/queries.ts';

type Named = { code: string; nameKo: string; nameEn: string };
interface Related {
  author: (AuthorRow & { categories: Named[] }) | null;
  categories: Named[];
  fields: Named[];
  concepts: Named[];
  tags: { id: number; name: string }[];
  color: { id: number; code: string } | null;
  collection: number | null;
  applications: { id: number; invite: number; title: string; selected: boolean }[];
}

const named = (table: string, code: string, link: string, key: string) =>
  sql.raw(`coalesce((select json_agg(json_build_object('code', t.${code}, 'nameKo', t.name_ko, 'nameEn', t.name_en) order by l.position)
    from ${link} l join ${table} t on t.id = l.${key} where l.artwork_id = artworks.id), '[]'::json)`);

/**
 * Everything a card or the overlay shows besides the row, as one JSON column computed inside the
 * page's own statement: one round trip per list instead of one per relation. On a busy database
 * server every round trip waits for the scheduler, so fewer round trips is what keeps lists fast.
 */
export function relatedColumn(viewerId: number | null | SQL): SQL<Related> {
  const collection = viewerId === null ? sql`null::int` : sql`(select c.id from collections c where c.user_id = ${viewerId} and c.artwork_id = artworks.id)`;
  return sql<Related>`json_build_object(
    'author', (select json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'slug', u.slug, 'isPremium', u.is_premium,
        'croppedAvatar', u.cropped_avatar, 'level', u.level,
        'categories', coalesce((select json_agg(json_build_object('code', c.category, 'nameKo', c.name_ko, 'nameEn', c.name_en) order by uc.position)
          from user_categories uc join categories c on c.id = uc.category_id where uc.user_id = u.id), '[]'::json))
      from users u where u.id = artworks.author_id),
    'categories', ${named('categories', 'category', 'artwork_categories', 'category_id')},
    'fields', ${named('fields', 'field', 'artwork_fields', 'field_id')},
    'concepts', ${named('concepts', 'concept', 'artwork_concepts', 'concept_id')},
    'tags', coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by l.position)
      from artwork_tags l join tags t on t.id = l.tag_id where l.artwork_id = artworks.id), '[]'::json),
    'color', (select json_build_object('id', co.id, 'code', co.code) from colors co where co.id = artworks.color_id),
    'collection', ${collection},
    'applications', coalesce((select json_agg(json_build_object('id', ia.id, 'invite', i.id, 'title', i.title, 'selected', ia.selected) order by ia.id)
      from invite_applications ia join invites i on i.id = ia.invite_id where ia.artwork_id = artworks.id), '[]'::json)
  )`;
}

/** The artwork's own columns plus `related`, for db.select(). */
export const withRelated = (viewerId: number | null | SQL) => ({ ...getTableColumns(artworks), related: relatedColumn(viewerId) });

/** Splits selected rows into plain rows and the relation maps presentArtwork takes. */
export function splitRelated(selected: (ArtworkRow & { related: Related | string })[]): { rows: ArtworkRow[]; rel: ArtworkRelations } {
  const rel: ArtworkRelations = {
    authors: new Map(),
    categories: new Map(),
    fields: new Map(),
    concepts: new Map(),
    tags: new Map(),
    colors: new Map(),
    collections: new Map(),
    applications: new Map(),
  };
  const rows: ArtworkRow[] = [];
  for (const { related: raw, ...row } of selected) {
    const r: Related = typeof raw === 'string' ? JSON.parse(raw) : raw;
    rows.push(row);
    if (r.author) rel.authors.set(r.author.id, r.author);
    rel.categories.set(row.id, r.categories);
    rel.fields.set(row.id, r.fields);
    rel.concepts.set(row.id, r.concepts);
    rel.tags.set(row.id, r.tags);
    if (r.color) rel.colors.set(r.color.id, r.color);
    if (r.collection !== null) rel.collections.set(row.id, r.collection);
    rel.applications.set(row.id, r.applications);
  }
  return { rows, rel };
}
