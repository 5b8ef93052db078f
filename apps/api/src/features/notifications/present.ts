import { artworkPath, holdPath, invitePath, type Notification, noticesPath } from '@axoo/contract';
import type { GroupRow } from './queries.ts';

type Actor = { id: number; name: string; slug: string; croppedAvatar: string };
type ArtworkCard = { id: number; title: string; croppedCover: string };
type InviteCard = { id: number; title: string };

/** Where a notice leads: the follower's profile, the artwork, a hold or notices page, or the call. */
export function linkOf(type: Notification['type'], v: { actorSlug?: string; artworkId: number | null; inviteId: number | null }): string {
  // Issue #31: the actions on the user's work or account, each with its reason and appeal.
  if (type === 'moderation') return '/moderation/';
  if (type === 'follow' && v.actorSlug) return `/${v.actorSlug}/`;
  // Issue #31: a held work's page for its uploader and the matched artists; a takedown's notices for the uploader.
  if (v.artworkId && (type === 'repost_held' || type === 'repost_match')) return holdPath(v.artworkId);
  if (v.artworkId && type === 'takedown') return noticesPath(v.artworkId);
  if (v.artworkId && (type === 'collect' || type === 'publish')) return artworkPath(v.artworkId);
  if (v.inviteId) return invitePath(v.inviteId);
  if (v.artworkId) return artworkPath(v.artworkId);
  return '/notifications/';
}

/** One group of notices as the list shows it (issue #17). */
export function presentGroup(row: GroupRow, actors: Map<number, Actor>, artworks: Map<number, ArtworkCard>, invites: Map<number, InviteCard>) {
  const people = (row.actorIds ?? []).map(Number).flatMap((id) => {
    const a = actors.get(id);
    return a ? [{ id: a.id, name: a.name, slug: a.slug, cropped_avatar: a.croppedAvatar }] : [];
  });
  const artwork = row.artworkId === null ? null : (artworks.get(row.artworkId) ?? null);
  const invite = row.inviteId === null ? null : (invites.get(row.inviteId) ?? null);
  return {
    id: row.id,
    ids: row.ids,
    type: row.type,
    read: !row.unread,
    created: new Date(row.created).toISOString(),
    count: row.count,
    actors: people,
    artwork: artwork && { id: artwork.id, title: artwork.title, cropped_cover: artwork.croppedCover },
    invite: invite && { id: invite.id, title: invite.title },
    link: linkOf(row.type, { actorSlug: people[0]?.slug, artworkId: row.artworkId, inviteId: row.inviteId }),
  } satisfies Notification;
}
