import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dailyView, readArtwork } from './service.ts';

/**
 * What `GET /api/v1/artworks/{id}/` answers (JSON text), for the route and for the artwork page's first query
 * (`plugin.ts` registers it as the page host's loader), so both give the same answer to the same viewer.
 */
/** `GET /api/v1/artworks/{id}/`: one artwork, counting the viewer's view of the day. */
export async function artworkAnswer(app: FastifyInstance, request: FastifyRequest, id: number): Promise<string> {
  const view = dailyView(viewerKey(request), id);
  if (request.user || !app.gallery.recentViews.has(view.key)) return readArtwork(app, request.user, request.lang, id, view);
  // A guest whose view this process already counted today shares the guests' answer for a moment:
  // nothing is left to count, and it holds nothing of theirs.
  return app.guestAnswers.get('detail', `${request.lang} ${id}`, () => readArtwork(app, null, request.lang, id, null));
}

/** A viewer key for view counting: the user, or a hash of a guest's address and browser (no address is stored). */
function viewerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  const digest = createHash('sha256')
    .update(`${request.ip}\n${request.headers['user-agent'] ?? ''}`)
    .digest('hex');
  return `g:${digest.slice(0, 40)}`;
}
