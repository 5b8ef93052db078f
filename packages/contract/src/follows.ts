import { z } from 'zod';
import { NOTIFICATION_TYPES } from './choices.ts';
import { type ArtworkSchema, UserCardSchema } from './models.ts';

/**
 * Issue #17: follows, the Following feed, notifications and insights — their limits, answers and choices, one
 * definition for the API's presenters and the web's types.
 */

/** Follows a user may make per hour (each request counts, also a repeated one). */
export const FOLLOWS_PER_HOUR = 200;
/** The insights' windows in days. */
export const INSIGHT_WINDOWS = [7, 30, 90] as const;
export type InsightWindow = (typeof INSIGHT_WINDOWS)[number];
/** How many suggested artists the feed's empty state shows. */
export const SUGGESTIONS_MAX = 12;

/** A follow as its author holds it. */
export const FollowSchema = z.object({ id: z.number(), artist: z.number() });
/** A row of the followers / following lists: the user's card and when the follow began. */
export const FollowUserSchema = UserCardSchema.extend({ followed: z.string() });

/** The notice types a user can switch off in the daily digest, in the account page's order. */
export const MAIL_NOTICE_TYPES = ['follow', 'collect', 'publish', 'selected', 'invite_opened', 'invite_closing', 'invite_selection'] as const;

/**
 * One entry of the notifications list: notices of one kind about the same thing that are still unread come as one
 * group ("12 people collected …"): `count` people, `actors` the latest few, `ids` every notice in the group.
 */
export const NotificationSchema = z.object({
  id: z.number(),
  ids: z.array(z.number()),
  type: z.enum(NOTIFICATION_TYPES),
  read: z.boolean(),
  created: z.string(),
  count: z.number(),
  actors: z.array(UserCardSchema.pick({ id: true, name: true, slug: true, cropped_avatar: true })),
  artwork: z.object({ id: z.number(), title: z.string(), cropped_cover: z.string() }).nullable(),
  invite: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** Where the notice leads in the site (a path). */
  link: z.string(),
});
export const NotificationPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  unread: z.number(),
  results: z.array(NotificationSchema),
});

/** The bell's state (GET /api/v1/notifications/unread/) and what marking read answers. */
export const UnreadStateSchema = z.object({ unread: z.number(), latest: z.number() });
export const UnreadCountSchema = z.object({ unread: z.number() });
/** Per type: whether the daily digest mails it. */
export const MailPreferencesSchema = z.object(
  Object.fromEntries(MAIL_NOTICE_TYPES.map((type) => [type, z.boolean()])) as Record<(typeof MAIL_NOTICE_TYPES)[number], z.ZodBoolean>,
);

/** How many artworks the insights' per-artwork table lists. */
export const INSIGHT_ARTWORKS_MAX = 200;
/** An artwork's numbers over an insights window. */
export const ArtworkNumbersSchema = z.object({ id: z.number(), title: z.string(), cropped_cover: z.string(), views: z.number(), collects: z.number() });

export const InsightsSchema = z.object({
  days: z.number(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ views: z.number(), collects: z.number(), followers: z.number(), followers_total: z.number() }),
  series: z.array(z.object({ day: z.string(), views: z.number(), collects: z.number(), followers: z.number() })),
  top_artworks: z.array(ArtworkNumbersSchema),
  /** Every artwork with a view or a collect in the window (at most INSIGHT_ARTWORKS_MAX), most viewed first. */
  artworks: z.array(ArtworkNumbersSchema),
  referrers: z.array(z.object({ host: z.string(), views: z.number() })),
  applications: z.object({ submitted: z.number(), selected: z.number(), pending: z.number() }),
});

/** One artwork's insights (GET /api/v1/users/{id}/insights/artworks/{artwork}/): views and collects per day. */
export const ArtworkInsightsSchema = z.object({
  days: z.number(),
  from: z.string(),
  to: z.string(),
  artwork: z.object({ id: z.number(), title: z.string(), cropped_cover: z.string() }),
  totals: z.object({ views: z.number(), collects: z.number() }),
  series: z.array(z.object({ day: z.string(), views: z.number(), collects: z.number() })),
});

export const PlatformDaySchema = z.object({
  day: z.string(),
  signups: z.number(),
  artworks: z.number(),
  views: z.number(),
  collects: z.number(),
  follows: z.number(),
  applications: z.number(),
});

/** Referrer groups that are not a host: none given, and the site's own pages. */
export const REFERRER_DIRECT = '';
export const REFERRER_SELF = 'self';

export const SuggestedArtistSchema = UserCardSchema.extend({ followers_count: z.number(), recent_followers: z.number() });

export type Follow = z.infer<typeof FollowSchema>;
export type FollowUser = z.infer<typeof FollowUserSchema>;
export type Notification = z.infer<typeof NotificationSchema>;
export type NotificationPage = z.infer<typeof NotificationPageSchema>;
export type Insights = z.infer<typeof InsightsSchema>;
export type ArtworkInsights = z.infer<typeof ArtworkInsightsSchema>;
export type PlatformDay = z.infer<typeof PlatformDaySchema>;
export type SuggestedArtist = z.infer<typeof SuggestedArtistSchema>;
export type FeedArtwork = z.infer<typeof ArtworkSchema>;

/**
 * The group a page view's referrer counts under (issue #17 insights): '' when none, 'self' for the site's own
 * pages (`ownHost`), otherwise the host without a leading 'www.'. Never the path or query: no viewer trail is kept.
 */
export function referrerGroup(referrer: string, ownHost: string): string {
  if (!referrer) return REFERRER_DIRECT;
  let host: string;
  try {
    host = new URL(referrer).host.toLowerCase();
  } catch {
    return REFERRER_DIRECT;
  }
  if (!host) return REFERRER_DIRECT;
  if (host === ownHost.toLowerCase()) return REFERRER_SELF;
  return host.replace(/^www\./, '').slice(0, 200);
}
