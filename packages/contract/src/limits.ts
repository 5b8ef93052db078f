/** Business constants and limits of SPEC §9, defined once for the API, the DB and the forms. */
export const TITLE_MAX = 100;
/** Issue #34 (1, 3): how far ahead a publication may be scheduled and a review link may last (days). */
export const PUBLISH_AHEAD_MAX_DAYS = 365;
export const REVIEW_LINK_MAX_DAYS = 365;
/** Issue #34 (4): how many earlier versions of a published artwork are kept; the oldest beyond go with their files. */
export const VERSIONS_KEPT = 30;
export const MULTI_SELECT_MAX = 2; // genres, fields, concepts (SPEC §5)
export const TAGS_MAX = 10;
export const TAG_LENGTH_MAX = 20;
export const ANSWER_MAX = 250;
export const IMAGE_MAX_BYTES = 10_485_760;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Decompression-bomb guard: images with more pixels than this are refused outright. */
export const IMAGE_PIXEL_LIMIT = 200_000_000;
/** SPEC §5/§9: at least this many pixels divides the displayed dimensions by 10. */
export const LARGE_IMAGE_PIXELS = 16_000_000;
export const COVER_RATIO = 240 / 167;
export const AVATAR_RATIO = 1;
export const BANNER_RATIO = 4;
export const CARD_WIDTH = 480;
export const AVATAR_WIDTH = 156;
export const RENDITION_WIDTHS = [156, 312, 480, 960, 1400, 2000] as const;
export const DEFAULT_BACKGROUND = '#FFFFFF';
export const COLUMN_WIDTHS = [6, 12] as const;
export type ColumnWidth = (typeof COLUMN_WIDTHS)[number];
export const DEFAULT_COLUMN_WIDTH = 6;
/** Longest search term of the gallery and the artists' list. */
export const SEARCH_MAX = 100;
export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const INVITE_PAGE_SIZE = 100;
export const EDITOR_HEIGHT = 514;
export const CONTENT_WIDTH_MAX = 1400;
export const PASSWORD_MIN = 8;
export const NAME_MAX = 100;
export const USERNAME_MAX = 150;
export const PHONE_MAX = 30;
export const SOCIAL_MAX = 200;
/** Profile biography and about texts (plain text). */
export const PROFILE_TEXT_MAX = 5000;
export const INVITE_TITLE_MAX = 200;
/** The years a call's dates and date filters may name (issue #19): earlier or later is a typo, not a plan. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 9998;
/** True when `value` parses to a moment within DATE_YEAR_MIN..DATE_YEAR_MAX (UTC years). */
export function dateInRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}
export const ANCHOR_SCROLL_OFFSET = 132;

/** Displayed dimensions of an image: SPEC §5 large-image rule. */
export function displayedSize(width: number, height: number): { width: number; height: number } {
  if (width * height >= LARGE_IMAGE_PIXELS) {
    return { width: Math.round(width / 10), height: Math.round(height / 10) };
  }
  return { width, height };
}

/** Alt text of an image (cover, avatar, banner, content images; issue #18). */
export const ALT_MAX = 300;

/** Issue #34 (6): the widths a project's public renditions may be capped at, and the watermark's positions and length. */
export const PUBLIC_WIDTHS = [1280, 1920, 2560] as const;
export type PublicWidth = (typeof PUBLIC_WIDTHS)[number];
export const WATERMARK_POSITIONS = ['bottom-right', 'bottom-left', 'center', 'tiled'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_TEXT_MAX = 60;
