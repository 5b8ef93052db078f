import { z } from 'zod';
import { AI_USES, CONTENT_RATINGS, GENDERS, HIRE_AVAILABILITIES, INVITE_STATUSES, QUESTION_KINDS } from './choices.ts';
import { LANGUAGES } from './i18n.ts';
import { HIDE_STATES, MODERATION_STATES } from './moderation.ts';
import { WATERMARK_POSITIONS } from './limits.ts';

/**
 * The API's answers as zod output schemas: the web's types are `z.infer` of these, the API's presenters
 * `satisfies` them, and a test parses real answers with them (issue #12 C). Field names as SPEC §3 spells them.
 */
const named = { id: z.number(), name: z.string(), name_ko: z.string(), name_en: z.string() };
export const CategorySchema = z.object({ ...named, category: z.string(), is_primary: z.boolean() });
export const FieldSchema = z.object({ ...named, field: z.string() });
export const ConceptSchema = z.object({ ...named, concept: z.string() });
export const ColorSchema = z.object({ ...named, code: z.string() });
export const BannerSchema = z.object({ id: z.number(), url: z.string(), image: z.string(), alt: z.string(), level: z.number().nullable() });
export const ClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
  benefit: z.string(),
  level: z.number().nullable(),
});

/** A category as a user or an artwork names it, in the request's language. */
const chosenCategory = z.object({ category: z.string(), name: z.string() });

/** The card every variant of a user starts from (accounts' presentUser). */
export const UserCardSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  slug: z.string(),
  cropped_avatar: z.string(),
  is_premium: z.boolean(),
  level: z.number(),
  /** Issue #20: what the artist is open to, or null (badges on cards, the overlay and the profile). */
  available_for_hire: z.enum(HIRE_AVAILABILITIES).nullable(),
});
export const AuthorSchema = UserCardSchema.extend({ categories: z.array(chosenCategory) });
export const InviteOwnerSchema = UserCardSchema.pick({ id: true, username: true, name: true, slug: true, cropped_avatar: true });

/** What a user's page shows (SPEC §3), in the current user and the public profile alike. */
const pageFields = {
  avatar: z.string(),
  banner: z.string(),
  cropped_banner: z.string(),
  categories: z.array(chosenCategory),
  website: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  twitter: z.string(),
  pinterest: z.string(),
  tumblr: z.string(),
  youtube: z.string(),
  vimeo: z.string(),
  biography: z.string(),
  about: z.string(),
  show_contact: z.boolean(),
  public_collection: z.boolean(),
  fixed_layout: z.boolean(),
  /** Issue #20: a short note and rates text beside the availability. */
  hire_note: z.string(),
  hire_rates: z.string(),
  /** Alt text of the avatar and the banner (issue #18). */
  avatar_alt: z.string(),
  banner_alt: z.string(),
};

export const CurrentUserSchema = UserCardSchema.extend({
  ...pageFields,
  email: z.string(),
  phone: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  is_staff: z.boolean(),
  raw_avatar: z.string(),
  raw_banner: z.string(),
  language: z.enum(LANGUAGES),
  /** The account's AI-training opt-out (issue #18), which the artist's artworks follow unless they override it. */
  ai_opt_out_default: z.boolean(),
  /** Issue #31: opted in to see mature work unblurred (off by default). */
  show_mature: z.boolean(),
  /** Issue #34 (6): the cap on public renditions new projects start with (null: none). */
  max_public_width_default: z.number().nullable(),
  /** Issue #33.7: the account's current e-mail address was confirmed through the mailed link. */
  email_confirmed: z.boolean(),
});

/** GET /api/v1/artists/{slug}/: never date of birth, gender, staff flag or raw images; contact only when shown. */
export const ProfileSchema = UserCardSchema.extend({
  ...pageFields,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_owner: z.boolean(),
  /** Issue #17: kept by a trigger on follows. */
  followers_count: z.number(),
  following_count: z.number(),
  /** The artist reserves their work from AI training (issue #18): the answer carries the opt-out headers. */
  ai_opt_out: z.boolean(),
});

/** Artwork as the API presents it (SPEC §3). `content` only on the detail. */
export const ArtworkSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string().optional(),
  author: AuthorSchema.nullable(),
  categories: z.array(chosenCategory),
  fields: z.array(z.object({ field: z.string(), name: z.string() })),
  concepts: z.array(z.object({ concept: z.string(), name: z.string() })),
  color: z.object({ id: z.number(), code: z.string() }).nullable(),
  background_color: z.string(),
  attribution: z.boolean(),
  non_commercial: z.boolean(),
  no_derivative_works: z.boolean(),
  share_alike: z.boolean(),
  licence_chosen: z.boolean(),
  /** Issue #18: whether this artwork is reserved from AI training (its own choice, else its author's). */
  ai_opt_out: z.boolean(),
  /** The artwork's own choice: null follows the author's account setting. */
  ai_opt_out_setting: z.boolean().nullable(),
  cover_alt: z.string(),
  alt_reminded: z.boolean(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  published: z.boolean(),
  draft: z.boolean(),
  visible: z.boolean(),
  /** Issue #34 (2): link-only: anyone with the URL sees it (`reachable`), no list shows it (`visible` false). */
  unlisted: z.boolean(),
  reachable: z.boolean(),
  /**
   * Issue #31: 'hidden' by staff or a notice, 'held' for review; such a work reaches only its author and staff,
   * who read why in `moderation_reason`.
   */
  moderation_state: z.enum(MODERATION_STATES),
  moderation_reason: z.string(),
  /** Issue #34 (1): when the draft publishes itself, or null. */
  publish_at: z.string().nullable(),
  /** Issue #31: 'general' or 'mature', and how AI was used ('none', 'assisted', 'generated'). */
  rating: z.enum(CONTENT_RATINGS),
  ai_use: z.enum(AI_USES),
  /**
   * Issue #31: true when this answer withholds a mature work from a viewer who has not opted in: the three covers
   * are then the server's blurred copy and the content is empty.
   */
  blurred: z.boolean(),
  /**
   * Issue #34 (6): the project's cap on public renditions (null: none) and its watermark. When either is set, an
   * answer for anyone but the author names public copies (`artworks/<id>/p/…`: capped, watermarked) in the covers
   * and the content, never the originals, which only `GET /api/v1/artworks/{id}/original/` serves, to the author.
   */
  max_public_width: z.number().nullable(),
  watermark: z.object({ text: z.string(), position: z.enum(WATERMARK_POSITIONS), opacity: z.number() }).nullable(),
  cover: z.string(),
  raw_cover: z.string(),
  cropped_cover: z.string(),
  height: z.number().nullable(),
  width: z.number().nullable(),
  level: z.number().nullable(),
  hit: z.number(),
  collection: z.number().nullable(),
  inviteapplication_set: z.array(z.object({ id: z.number(), invite: z.number(), title: z.string(), selected: z.boolean() })),
  published_at: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});

export const SiteDataSchema = z.object({
  site_name: z.string(),
  categories: z.array(CategorySchema),
  primary_categories: z.array(z.string()),
  fields: z.array(FieldSchema),
  concepts: z.array(ConceptSchema),
  colors: z.array(ColorSchema),
  banners: z.array(BannerSchema),
  clients: z.array(ClientSchema),
  best_projects: z.array(ArtworkSchema),
  links: z.object({
    edition: z.string(),
    membership: z.string(),
    about: z.string(),
    privacy: z.string(),
    terms: z.string(),
    instagram: z.string(),
    deletion_form: z.string(),
  }),
  services: z.object({ sentry_dsn: z.string().nullable(), analytics_id: z.string().nullable(), pixel_id: z.string().nullable() }),
  user: CurrentUserSchema.nullable(),
  /**
   * When the server made this data (ISO 8601, issue #21). Time-dependent markup (countdowns, "last 3 months")
   * is computed from it on the server and in the browser's first render, so both render the same.
   */
  now: z.string(),
});

export const InviteSchema = z.object({
  id: z.number(),
  owner: InviteOwnerSchema.nullable(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  logo: z.string(),
  background: z.string(),
  status: z.enum(INVITE_STATUSES),
  closed: z.string().nullable(),
  selected: z.string().nullable(),
  created: z.string(),
  /** Issue #33.6: entries are still taken this many minutes after `closed`, marked late. */
  grace_minutes: z.number(),
});
export const InviteColumnSchema = z.object({
  id: z.number(),
  page: z.number(),
  content: z.string(),
  width: z.union([z.literal(6), z.literal(12)]),
  order: z.number(),
});
export const InvitePageSchema = z.object({
  id: z.number(),
  invite: z.number(),
  background_color: z.string(),
  order: z.number(),
  columns: z.array(InviteColumnSchema),
});
export const InviteDetailSchema = InviteSchema.extend({
  pages: z.array(InvitePageSchema),
  subscription: z.number().nullable(),
  /** Staff's note when they sent a brand's call back (issue #19); shown to the owner and staff only, '' otherwise. */
  review_note: z.string(),
  /** Issue #33.8: the jury's statement the owner writes for the published results ('' until then). */
  jury_statement: z.string(),
  /** Whether the viewer may edit it (owner or staff). */
  can_edit: z.boolean(),
  /**
   * Issue #31: 'hidden' when staff hid the call; then only its owner and staff receive it (404 for anyone else), and
   * the owner reads why in `moderation_reason` with the way to appeal ('' for anyone else and when shown).
   */
  moderation_state: z.enum(HIDE_STATES),
  moderation_reason: z.string(),
});
export const InviteQuestionSchema = z.object({
  id: z.number(),
  invite: z.number(),
  question: z.string(),
  order: z.number(),
  /** Issue #33.1: 'eligibility' questions are answered yes/no before applying; `required_answer` passes (null for text). */
  kind: z.enum(QUESTION_KINDS),
  required_answer: z.boolean().nullable(),
});

export type Category = z.infer<typeof CategorySchema>;
export type Field = z.infer<typeof FieldSchema>;
export type Concept = z.infer<typeof ConceptSchema>;
export type Color = z.infer<typeof ColorSchema>;
export type Banner = z.infer<typeof BannerSchema>;
export type Client = z.infer<typeof ClientSchema>;
export type Author = z.infer<typeof AuthorSchema>;
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
export type Artwork = z.infer<typeof ArtworkSchema>;
export type SiteData = z.infer<typeof SiteDataSchema>;
export type InviteOwner = z.infer<typeof InviteOwnerSchema>;
export type Invite = z.infer<typeof InviteSchema>;
export type InviteColumn = z.infer<typeof InviteColumnSchema>;
export type InvitePage = z.infer<typeof InvitePageSchema>;
export type InviteDetail = z.infer<typeof InviteDetailSchema>;
export type InviteQuestion = z.infer<typeof InviteQuestionSchema>;

/** Issue #31: `GET /api/v1/artworks/{id}/matches/`: other accounts' published images that are near copies of this one's. */
export const artworkMatchesSchema = z.object({
  results: z.array(
    z.object({
      /** The image of this artwork that was copied. */
      image: z.string(),
      artwork: z.object({ id: z.number(), title: z.string(), cropped_cover: z.string() }),
      author: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
      /** The copy's image, and how many bits of each hash differ. */
      matched_image: z.string(),
      distance: z.object({ dhash: z.number(), phash: z.number() }),
    }),
  ),
});
