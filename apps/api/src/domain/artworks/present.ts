import type { Artwork } from '@axoo/contract';
import { type Lang, localisedName } from '@axoo/contract';
import { presentUser } from '../users/present.ts';
import type { ArtworkRelations, CardRow } from './read-model.ts';
import { publicContent, publicKeyOf } from './protection.ts';
import { withholds } from './rating.ts';

/**
 * SPEC §3 Artwork as the API answers it. Lists omit `content` (cards never show it);
 * the detail passes `withContent`. Issue #31: unless `showMature` (a viewer who opted in, or the author's own
 * editor), a mature work's three covers are its blurred copy and its content is empty (`blurred`).
 */
export function presentArtwork(
  row: CardRow,
  rel: ArtworkRelations,
  lang: Lang,
  options: { withContent?: boolean; showMature?: boolean; showOriginals?: boolean } = {},
) {
  const blurred = withholds(row, options.showMature === true);
  // Issue #34 (6): anyone but the author (`showOriginals`) receives a protected work's public copies, never its keys.
  const shown = (key: string) => (options.showOriginals ? key : publicKeyOf(row, key));
  const content = row.content ?? '';
  const author = rel.authors.get(row.authorId);
  const color = row.colorId === null ? null : (rel.colors.get(row.colorId) ?? null);
  const applications = rel.applications.get(row.id) ?? [];
  return {
    id: row.id,
    title: row.title,
    ...(options.withContent ? { content: blurred ? '' : options.showOriginals ? content : publicContent(row, content) } : {}),
    author: author ? presentUser.author(author, lang, author.categories) : null,
    categories: (rel.categories.get(row.id) ?? []).map((c) => ({ category: c.code, name: localisedName(lang, c) })),
    fields: (rel.fields.get(row.id) ?? []).map((f) => ({ field: f.code, name: localisedName(lang, f) })),
    concepts: (rel.concepts.get(row.id) ?? []).map((c) => ({ concept: c.code, name: localisedName(lang, c) })),
    color,
    background_color: row.backgroundColor,
    attribution: row.attribution,
    non_commercial: row.nonCommercial,
    no_derivative_works: row.noDerivativeWorks,
    share_alike: row.shareAlike,
    licence_chosen: row.licenceChosen,
    // Issue #18: the artwork's own choice, else its author's (on by default).
    ai_opt_out: row.aiOptOut ?? author?.aiOptOut ?? true,
    ai_opt_out_setting: row.aiOptOut,
    cover_alt: row.coverAlt,
    alt_reminded: row.altReminded,
    tags: rel.tags.get(row.id) ?? [],
    published: row.published,
    draft: row.draft,
    visible: row.visible,
    unlisted: row.unlisted,
    reachable: row.reachable,
    // Issue #31: only its author and staff ever receive a hidden or held work, so the reason is theirs to read.
    moderation_state: row.moderationState,
    moderation_reason: row.moderationReason,
    publish_at: row.publishAt ? row.publishAt.toISOString() : null,
    rating: row.rating,
    ai_use: row.aiUse,
    blurred,
    max_public_width: row.maxPublicWidth,
    watermark: row.watermark,
    cover: blurred ? row.blurredCover : shown(row.cover),
    raw_cover: blurred ? row.blurredCover : shown(row.rawCover),
    cropped_cover: blurred ? row.blurredCover : shown(row.croppedCover),
    height: row.height,
    width: row.width,
    level: row.level,
    hit: row.hit,
    collection: rel.collections.get(row.id) ?? null,
    inviteapplication_set: applications.map((a) => ({ id: a.id, invite: a.invite, title: a.title, selected: a.selected })),
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  } satisfies Artwork;
}

export type PresentedArtwork = ReturnType<typeof presentArtwork>;
