import { type AiUse, type ContentRating, DEFAULT_BACKGROUND, type LicenceCode, licenceOf, type Watermark } from '@axoo/contract';
import type { CurrentUser } from '../../site.ts';
import type { Artwork } from '../../site.ts';
import type { ArtworkPayload } from './api/upload.ts';

/** The upload form's values (SPEC §2 Upload): what the sidebar edits, and the editor's HTML. */
export interface UploadValues {
  title: string;
  content: string;
  categories: string[];
  fields: string[];
  concepts: string[];
  color: number | null;
  licence: LicenceCode | null;
  tags: string[];
  background: string;
  published: boolean;
  /** Issue #34 (2): link-only (published, in no list). */
  unlisted: boolean;
  /** Issue #34 (1): the schedule field (a local date and time, `datetime-local`); sent only by "schedule". */
  schedule: string;
  cover: string;
  raw_cover: string;
  cropped_cover: string;
  width: number | null;
  height: number | null;
  /** Issue #18: the cover's alt text; whether the author was already reminded of missing alt text. */
  cover_alt: string;
  alt_reminded: boolean;
  /** Issue #31: the content rating and how AI was used. */
  rating: ContentRating;
  ai_use: AiUse;
  /** Issue #34 (6): the widest public image (null: no limit) and the watermark (null: none). */
  max_public_width: number | null;
  watermark: Watermark | null;
}

export const emptyValues: UploadValues = {
  title: '',
  content: '',
  categories: [],
  fields: [],
  concepts: [],
  color: null,
  licence: null,
  tags: [],
  background: DEFAULT_BACKGROUND,
  published: true,
  unlisted: false,
  schedule: '',
  cover: '',
  raw_cover: '',
  cropped_cover: '',
  width: null,
  height: null,
  cover_alt: '',
  alt_reminded: false,
  rating: 'general',
  ai_use: 'none',
  max_public_width: null,
  watermark: null,
};

/** A new project's values: empty, with the account's cap on public images (issue #34.6). */
export const newValues = (user: Pick<CurrentUser, 'max_public_width_default'> | null): UploadValues => ({
  ...emptyValues,
  max_public_width: user?.max_public_width_default ?? null,
});

export function valuesOf(a: Artwork): UploadValues {
  return {
    title: a.title,
    content: a.content ?? '',
    categories: a.categories.map((c) => c.category),
    fields: a.fields.map((f) => f.field),
    concepts: a.concepts.map((c) => c.concept),
    color: a.color?.id ?? null,
    licence: a.licence_chosen ? licenceOf(a) : null,
    tags: a.tags.map((t) => t.name),
    background: a.background_color || DEFAULT_BACKGROUND,
    published: a.published,
    unlisted: a.unlisted,
    schedule: a.publish_at ? localInputValue(new Date(a.publish_at)) : '',
    cover: a.cover,
    raw_cover: a.raw_cover,
    cropped_cover: a.cropped_cover,
    width: a.width,
    height: a.height,
    cover_alt: a.cover_alt,
    alt_reminded: a.alt_reminded,
    rating: a.rating,
    ai_use: a.ai_use,
    max_public_width: a.max_public_width,
    watermark: a.watermark,
  };
}

export function payloadOf(v: UploadValues): ArtworkPayload {
  return {
    title: v.title,
    content: v.content,
    categories: v.categories,
    fields: v.fields,
    concepts: v.concepts,
    color: v.color,
    licence: v.licence,
    tags: v.tags,
    background_color: v.background,
    published: v.published,
    unlisted: v.unlisted,
    cover: v.cover,
    raw_cover: v.raw_cover,
    cropped_cover: v.cropped_cover,
    width: v.width,
    height: v.height,
    cover_alt: v.cover_alt,
    alt_reminded: v.alt_reminded,
    rating: v.rating,
    ai_use: v.ai_use,
    max_public_width: v.max_public_width as ArtworkPayload['max_public_width'],
    watermark: v.watermark,
  };
}

/** Whether a new upload holds anything worth a draft: a title, text or an image. */
export function hasSomething(v: UploadValues): boolean {
  return Boolean(v.title.trim()) || /<img|\w/.test(v.content.replace(/<[^>]+>/g, (tag) => (tag.startsWith('<img') ? '<img' : '')));
}

/** A moment as a `datetime-local` value in the browser's own time zone (the author's). */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
