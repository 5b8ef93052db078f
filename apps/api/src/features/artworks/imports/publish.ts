import type { Lang } from '@axoo/contract';
import type { ArtworkWrite } from '@axoo/contract/artworks';
import type { ImportPublish, ImportPublished } from '@axoo/contract/imports';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { artworks, importItems } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { AppError, badRequest, renderBody } from '../../../http/errors.ts';
import { currentLinks } from '../queries.ts';
import { saveArtwork } from '../service.ts';
import { ownImport } from './service.ts';

/** What the request gives for all drafts, applied to a draft only where it has none (its own choices stay). */
async function missingOf(deps: Deps, row: typeof artworks.$inferSelect, body: ImportPublish): Promise<ArtworkWrite> {
  const links = await currentLinks(deps.db, row.id);
  return {
    draft: false,
    ...(body.categories && !links.categories ? { categories: body.categories } : {}),
    ...(body.fields && !links.fields ? { fields: body.fields } : {}),
    ...(body.concepts && !links.concepts ? { concepts: body.concepts } : {}),
    ...(body.color !== undefined && row.colorId === null ? { color: body.color } : {}),
    ...(body.licence !== undefined && !row.licenceChosen ? { licence: body.licence } : {}),
  };
}

/**
 * `POST /api/v1/imports/{id}/publish/`: publishes every draft of a finished import that is still a draft, each by
 * the editor's own save (SPEC §5's rules, one transaction each), `quiet` unless asked otherwise: no feed entry, no
 * follower told. A draft that breaks a rule stays a draft and is answered with its messages.
 */
export async function publishImport(deps: Deps, viewer: UserRow, id: number, body: ImportPublish, lang: Lang): Promise<ImportPublished> {
  const row = await ownImport(deps, viewer, id);
  if (row.status !== 'done') throw badRequest({ non_field_errors: 'import.not_done' });
  const ids = (
    await deps.db
      .selectDistinct({ id: importItems.artworkId })
      .from(importItems)
      .where(and(eq(importItems.importId, row.id), isNotNull(importItems.artworkId)))
  ).map((r) => r.id as number);
  const drafts = ids.length
    ? await deps.db
        .select()
        .from(artworks)
        .where(and(inArray(artworks.id, ids), eq(artworks.authorId, viewer.id), eq(artworks.draft, true)))
        .orderBy(asc(artworks.id))
    : [];
  const answer: ImportPublished = { published: [], failed: [] };
  for (const draft of drafts) {
    try {
      await saveArtwork(deps, viewer, draft, await missingOf(deps, draft, body), { quiet: body.quiet ?? true });
      answer.published.push(draft.id);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
      const errors = Object.fromEntries(Object.entries(renderBody(lang, error.body)).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
      answer.failed.push({ id: draft.id, errors });
    }
  }
  return answer;
}
