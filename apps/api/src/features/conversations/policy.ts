import type { UserRow } from '../../domain/users/user.ts';
import type { ConversationRow } from './queries.ts';

/** Issue #20: only the two people in a conversation read it (anyone else gets a 404, as if it did not exist). */
export function canReadConversation(viewer: Pick<UserRow, 'id'>, c: Pick<ConversationRow, 'artistId' | 'senderId'>): boolean {
  return viewer.id === c.artistId || viewer.id === c.senderId;
}

/** Staff may suspend anyone's contacting; a suspended user reads their inbox but writes nothing. */
export function canContact(viewer: Pick<UserRow, 'contactSuspended'>): boolean {
  return !viewer.contactSuspended;
}

/** The viewer's side of a conversation and the other person. */
export function sideOf(viewerId: number, c: Pick<ConversationRow, 'artistId' | 'senderId'>) {
  return viewerId === c.artistId ? { role: 'artist' as const, otherId: c.senderId } : { role: 'sender' as const, otherId: c.artistId };
}

/** Links in a message are live once the artist has replied, and always in the artist's own messages. */
export function linksActive(c: Pick<ConversationRow, 'artistId' | 'artistReplied'>, authorId: number): boolean {
  return c.artistReplied || authorId === c.artistId;
}
