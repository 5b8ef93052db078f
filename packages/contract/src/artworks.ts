import { z } from 'zod';
import { AI_USES, CONTENT_RATINGS, LICENCES, type LicenceCode } from './choices.ts';
import { maxPublicWidthSchema, watermarkSchema } from './protection.ts';
import { rowId } from './row-id.ts';
import { ALT_MAX, IMAGE_TYPES, MULTI_SELECT_MAX, PUBLISH_AHEAD_MAX_DAYS, REVIEW_LINK_MAX_DAYS, TAG_LENGTH_MAX, TAGS_MAX, TITLE_MAX } from './limits.ts';

/**
 * Artwork save rules (SPEC §3, §5, §9), shared by the API and the upload form. Messages are keys of
 * `messages/artworks.ts`; the API translates them, the form shows the same texts.
 */

export const LICENCE_CODES = LICENCES.map((l) => l.code) as [LicenceCode, ...LicenceCode[]];

/** SPEC §5: tags are trimmed, a leading # dropped, empty ones and duplicates (any case) silently ignored. */
export function normalizeTags(names: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim().replace(/^#+/, '').trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** SPEC §5 tag messages: 'There are too many tags.' and 'One or more of your tags are too long.' */
export function tagProblems(names: readonly string[]): ('artwork.tags_too_many' | 'artwork.tag_too_long')[] {
  const tags = normalizeTags(names);
  const problems: ('artwork.tags_too_many' | 'artwork.tag_too_long')[] = [];
  if (tags.length > TAGS_MAX) problems.push('artwork.tags_too_many');
  if (tags.some((t) => t.length > TAG_LENGTH_MAX)) problems.push('artwork.tag_too_long');
  return problems;
}

/** A taxonomy entry as a code, or as the API presents it (`{category: 'painting', name}` ...). */
const codeOf = (key: 'category' | 'field' | 'concept') =>
  z.union([z.string().min(1).max(50), z.object({ [key]: z.string().min(1).max(50) }).transform((o) => (o as Record<string, string>)[key])]);

const imageKey = z.string().max(300);

/**
 * Issue #34: a time after now and at most `days` ahead, as an ISO 8601 date-time with its offset; `messages` is the
 * message keys' prefix (`…_invalid`, `…_past`, `…_too_far`).
 */
export function futureTime(days: number, messages: 'artwork.publish_at' | 'review_link.expires') {
  // One message per value: a text that is no date-time is only that, whatever Date.parse makes of it.
  const valid = (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) && !Number.isNaN(Date.parse(value));
  return z
    .string(`${messages}_invalid`)
    .refine(valid, `${messages}_invalid`)
    .refine((value) => !valid(value) || Date.parse(value) > Date.now(), `${messages}_past`)
    .refine((value) => !valid(value) || Date.parse(value) <= Date.now() + days * 86_400_000, `${messages}_too_far`)
    .transform((value) => new Date(value));
}

/** A colour's id: a row id, so never past PostgreSQL's integer (an id beyond it is a 400, not a 500). */
const colorId = rowId({ unknown: 'field.invalid_choice' });

/** POST and PUT /api/v1/artworks/: every field optional (POST fills defaults, PUT keeps what is there). */
export const artworkWriteSchema = z.object({
  title: z.string().trim().max(TITLE_MAX, 'artwork.title_max').optional(),
  content: z.string().max(500_000, 'artwork.content_too_long').optional(),
  categories: z.array(codeOf('category')).max(MULTI_SELECT_MAX, 'artwork.too_many_choices').optional(),
  fields: z.array(codeOf('field')).max(MULTI_SELECT_MAX, 'artwork.too_many_choices').optional(),
  concepts: z.array(codeOf('concept')).max(MULTI_SELECT_MAX, 'artwork.too_many_choices').optional(),
  /** Colour id, or the colour as presented (`{id, code}`), or null. */
  color: z.union([colorId, z.object({ id: colorId }).transform((c) => c.id), z.null()], { error: 'field.invalid_choice' }).optional(),
  background_color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'field.invalid_color')
    .optional(),
  /** One of the six licences, or null for none chosen yet. The four flags are accepted too. */
  licence: z.enum(LICENCE_CODES, 'artwork.licence_invalid').nullable().optional(),
  attribution: z.boolean().optional(),
  non_commercial: z.boolean().optional(),
  no_derivative_works: z.boolean().optional(),
  share_alike: z.boolean().optional(),
  tags: z
    .array(z.union([z.string().max(200), z.object({ name: z.string().max(200) }).transform((t) => t.name)]))
    .max(200)
    .superRefine((names, ctx) => {
      for (const message of tagProblems(names)) ctx.addIssue({ code: 'custom', message });
    })
    .transform(normalizeTags)
    .optional(),
  published: z.boolean().optional(),
  draft: z.boolean().optional(),
  /** Issue #34 (1): publish at this future time (the draft waits), or null to cancel a schedule. */
  publish_at: futureTime(PUBLISH_AHEAD_MAX_DAYS, 'artwork.publish_at').nullable().optional(),
  /** Issue #34 (2): link-only: seen by whoever has the URL, in no list. */
  unlisted: z.boolean().optional(),
  cover: imageKey.optional(),
  raw_cover: imageKey.optional(),
  cropped_cover: imageKey.optional(),
  height: z.number().int().min(0).max(1_000_000).nullable().optional(),
  width: z.number().int().min(0).max(1_000_000).nullable().optional(),
  /** Issue #18: the cover's alt text, and whether the editor already reminded the author of missing alt text. */
  cover_alt: z.string().trim().max(ALT_MAX).optional(),
  alt_reminded: z.boolean().optional(),
  /** Issue #31: the content rating and how AI was used. */
  rating: z.enum(CONTENT_RATINGS, { error: 'field.invalid_choice' }).optional(),
  ai_use: z.enum(AI_USES, { error: 'field.invalid_choice' }).optional(),
  /** Issue #34 (6): the widest public rendition (1280, 1920, 2560 or null for none) and the watermark, or null. */
  max_public_width: maxPublicWidthSchema.optional(),
  watermark: watermarkSchema.nullable().optional(),
});
export type ArtworkWrite = z.infer<typeof artworkWriteSchema>;

/** What publishing (draft false) needs, SPEC §5. */
export interface PublishState {
  title: string;
  categories: readonly unknown[];
  fields: readonly unknown[];
  concepts: readonly unknown[];
  color: unknown;
  licence: string | null;
  cover: string;
  cropped_cover: string;
  content: string;
}

/** SPEC §5 warnings, field → message key, in the order the form shows them. Empty when publishable. */
export function publishProblems(s: PublishState): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!s.title.trim()) problems.title = 'artwork.title_required';
  if (!s.categories.length) problems.categories = 'artwork.categories_required';
  if (!s.fields.length) problems.fields = 'artwork.fields_required';
  if (!s.concepts.length) problems.concepts = 'artwork.concepts_required';
  if (s.color === null || s.color === undefined) problems.color = 'artwork.color_required';
  if (!s.licence) problems.licence = 'artwork.licence_required';
  if (!s.cover || !s.cropped_cover) problems.cover = 'artwork.cover_required';
  if (!/<img\b[^>]*\ssrc="[^"]+"/.test(s.content)) problems.content = 'artwork.content_image_required';
  return problems;
}

export const ACCEPTED_IMAGE_TYPES = IMAGE_TYPES;

/**
 * Issue #18: how many of an artwork's images have no alt text: the content's `<img>` without a non-empty `alt`,
 * and the cover when it is set and its alt is empty. The editor reminds the author once when this is not 0.
 */
export function imagesWithoutAlt(content: string, cover: { key: string; alt: string }): number {
  const images = content.match(/<img\b[^>]*>/gi) ?? [];
  const missing = images.filter((tag) => !/\balt\s*=\s*("[^"]*\S[^"]*"|'[^']*\S[^']*'|[^\s"'>]+)/i.test(tag)).length;
  return missing + (cover.key && !cover.alt.trim() ? 1 : 0);
}

/** Issue #34 (3): `POST /api/v1/artworks/{id}/review-links/`: until when the link shows the project. */
export const reviewLinkWriteSchema = z.object({ expires: futureTime(REVIEW_LINK_MAX_DAYS, 'review_link.expires') });

/** A review link as its owner sees it; `active` is false once it expired or was revoked. */
export const ReviewLinkSchema = z.object({
  id: z.number(),
  url: z.string(),
  expires: z.string(),
  revoked: z.string().nullable(),
  created: z.string(),
  active: z.boolean(),
});
export type ReviewLink = z.infer<typeof ReviewLinkSchema>;

/**
 * Issue #34 (4): a kept version of a published artwork as its author sees it in `GET /api/v1/artworks/{id}/versions/`:
 * the state before a save changed its cover, image set or text. `images` are the content's image keys in order.
 */
export const ArtworkVersionSchema = z.object({
  version: z.number(),
  title: z.string(),
  cover: z.string(),
  cropped_cover: z.string(),
  images: z.array(z.string()),
  created: z.string(),
});
export type ArtworkVersion = z.infer<typeof ArtworkVersionSchema>;
