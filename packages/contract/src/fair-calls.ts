import { z } from 'zod';
import { UserCardSchema } from './models.ts';

/** Issue #33.6: at most a day of grace after a call's closing date. */
export const GRACE_MINUTES_MAX = 1440;

/** Issue #33.8: the owner's statement on the published results. */
export const JURY_STATEMENT_MAX = 5000;

/** The moment a call stops taking entries: its closing date plus its grace minutes (null: no closing date). */
export function lastEntryTime(invite: { closed: string | null; grace_minutes: number }): number | null {
  return invite.closed ? Date.parse(invite.closed) + invite.grace_minutes * 60_000 : null;
}

/** One selected entry on the results page: its frozen title and cover, and the artist it links to. */
export const ResultEntrySchema = z.object({
  application: z.number(),
  title: z.string(),
  cover: z.string(),
  cropped_cover: z.string(),
  /** Issue #34 (6): the widest rendition its cover may be asked at (a protected entry's public copy), or null. */
  max_public_width: z.number().nullable(),
  artwork: z.number().nullable(),
  artist: UserCardSchema.pick({ id: true, username: true, name: true, slug: true, cropped_avatar: true }).nullable(),
});

/** Issue #33.8: `GET /api/v1/invites/{id}/results/`, once the call is in selection. */
export const InviteResultsSchema = z.object({
  invite: z.number(),
  title: z.string(),
  subtitle: z.string(),
  background: z.string(),
  statement: z.string(),
  selected_at: z.string().nullable(),
  entries: z.number(),
  jurors: z.number(),
  results: z.array(ResultEntrySchema),
});

export type ResultEntry = z.infer<typeof ResultEntrySchema>;
export type InviteResults = z.infer<typeof InviteResultsSchema>;

/** The page of a call's published results. */
export const inviteResultsPath = (id: number) => `/goodluck/${id}/results/`;
/** The call id of a results page path, or null. */
export function inviteIdOfResultsPath(pathname: string): number | null {
  const m = /^\/goodluck\/(\d{1,9})\/results\/$/.exec(pathname);
  return m ? Number(m[1]) : null;
}
