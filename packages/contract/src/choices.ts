/** Closed choice lists of SPEC §3, §4 and §9. */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const INVITE_STATUSES = ['review', 'ongoing', 'examination', 'selection'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Issue #33.1: a call's question is free text (answered with the entry) or an eligibility yes/no asked first. */
export const QUESTION_KINDS = ['text', 'eligibility'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Issue #20: what an artist is open to (null: not available for hire). */
export const HIRE_AVAILABILITIES = ['commissions', 'freelance', 'full_time'] as const;
export type HireAvailability = (typeof HIRE_AVAILABILITIES)[number];

/** Issue #31: an artwork's content rating; mature work is blurred for whoever has not opted in (`show_mature`). */
export const CONTENT_RATINGS = ['general', 'mature'] as const;
export type ContentRating = (typeof CONTENT_RATINGS)[number];
/** Issue #31: how AI was used to make an artwork (the overlay's label, the gallery's `?ai_use=none`). */
export const AI_USES = ['none', 'assisted', 'generated'] as const;
export type AiUse = (typeof AI_USES)[number];

/** Levels staff give to banners, clients and artworks (none = null). */
export const CURATION_LEVELS = [5, 4, 3, 2, 1] as const;
/** Artist ranking. */
export const ARTIST_LEVELS = [5, 4, 3, 2, 1, 0] as const;

export interface LicenceFlags {
  attribution: boolean;
  non_commercial: boolean;
  no_derivative_works: boolean;
  share_alike: boolean;
}

/** The six Creative Commons licences of SPEC §3, all with attribution. */
export const LICENCES = [
  { code: 'by', flags: { attribution: true, non_commercial: false, no_derivative_works: false, share_alike: false } },
  { code: 'by-nc', flags: { attribution: true, non_commercial: true, no_derivative_works: false, share_alike: false } },
  { code: 'by-nd', flags: { attribution: true, non_commercial: false, no_derivative_works: true, share_alike: false } },
  { code: 'by-sa', flags: { attribution: true, non_commercial: false, no_derivative_works: false, share_alike: true } },
  { code: 'by-nc-sa', flags: { attribution: true, non_commercial: true, no_derivative_works: false, share_alike: true } },
  { code: 'by-nc-nd', flags: { attribution: true, non_commercial: true, no_derivative_works: true, share_alike: false } },
] as const satisfies readonly { code: string; flags: LicenceFlags }[];
export type LicenceCode = (typeof LICENCES)[number]['code'];

/**
 * Issue #18, the gallery's licence filter: besides any of the six codes, "allows commercial use" and "allows
 * derivatives" are the codes whose licence says so (the web sends them as codes; `?licence=` holds codes only).
 */
export const LICENCE_GROUPS = {
  commercial: LICENCES.filter((l) => !l.flags.non_commercial).map((l) => l.code),
  derivatives: LICENCES.filter((l) => !l.flags.no_derivative_works).map((l) => l.code),
} as const satisfies Record<string, LicenceCode[]>;

/** `?licence=by,by-sa` → the codes (sorted, no repeats), or null when any part is not one of the six. */
export function parseLicenceFilter(raw: string): LicenceCode[] | null {
  const parts = raw.split(',').map((p) => p.trim().toLowerCase());
  const known = LICENCES.map((l) => l.code) as string[];
  if (!parts.length || parts.some((p) => !known.includes(p))) return null;
  return known.filter((code) => parts.includes(code)) as LicenceCode[];
}

/**
 * Issue #18, the gallery's free colour filter: `?palette=#rrggbb` (either case) → the colour in lowercase, or null
 * for anything else.
 */
export function parsePaletteFilter(raw: string): string | null {
  return /^#[0-9a-f]{6}$/i.test(raw) ? raw.toLowerCase() : null;
}

export function licenceOf(flags: LicenceFlags): LicenceCode | null {
  const found = LICENCES.find(
    (l) =>
      l.flags.attribution === flags.attribution &&
      l.flags.non_commercial === flags.non_commercial &&
      l.flags.no_derivative_works === flags.no_derivative_works &&
      l.flags.share_alike === flags.share_alike,
  );
  return found ? found.code : null;
}

/**
 * What a notification is about (issue #17; also sent by the invites and judging features). The API's `type`
 * field and the per-type mail preferences use exactly these.
 */
export const NOTIFICATION_TYPES = [
  'follow',
  'collect',
  'publish',
  'application_received',
  'shortlisted',
  'selected',
  'not_selected',
  'invite_opened',
  'invite_closing',
  'invite_selection',
  'message',
  /** Issue #31: staff acted on the user's work or account, or decided their appeal. */
  'moderation',
  /** Issue #33.5: the jury's feedback on one's entry was released (the call's page shows it). */
  'feedback_released',
  // Issue #31: a work held as a possible repost (to its uploader), a possible repost of one's work (to its artist),
  // a takedown notice that hid one's work.
  'repost_held',
  'repost_match',
  'takedown',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
