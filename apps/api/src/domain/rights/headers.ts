import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_PREFIX, SUBMISSION_MEDIA_FOLDER } from '@axoo/contract';
import fp from 'fastify-plugin';
import { type Memo, remember } from '../../http/memo.ts';
import type { MediaAuthor } from '../../media/signing.ts';
import * as q from './opt-out.ts';

/** The robots directive of opted-out work (DeviantArt/ArtStation's "NoAI"), in X-Robots-Tag and the page's meta. */
export const NOAI = 'noai, noimageai';
/** What every presenter of opted-out work writes into a JSON answer (artworks, profiles), and pages inline. */
export const JSON_MARKER = '"ai_opt_out":true';
/** The robots meta of an opted-out artwork's or artist's page (the page host renders it from the share tags). */
export const HTML_MARKER = `<meta name="robots" content="${NOAI}">`;

const MEDIA_TTL_MS = 60_000;

declare module 'fastify' {
  interface FastifyReply {
    /** Issue #18: this answer carries work reserved from AI training (routes whose body has no marker, e.g. feeds). */
    reserveFromAi(): FastifyReply;
  }
}

/** `/media/artworks/12/x.jpg?w=480` → the artwork or the user whose folder holds the object. */
export function mediaOwnerOf(url: string): { kind: 'artwork' | 'user'; id: number } | null {
  const m = /^\/media\/(artworks|users)\/(\d{1,9})\//.exec(url);
  if (!m) return null;
  return { kind: m[1] === 'artworks' ? 'artwork' : 'user', id: Number(m[2]) };
}

/**
 * Named plugin `rights-headers` (issue #18): the one place that puts `X-Robots-Tag: noai, noimageai` and the
 * W3C TDMRep `tdm-reservation: 1` (and `tdm-policy` when TDM_POLICY_URL is set) on every answer that carries
 * opted-out work: pages and JSON by the markers their presenters write, images (originals and renditions, from
 * the rendition cache or not, the share-preview image too) by the folder of their key, and any route that calls
 * `reply.reserveFromAi()`, and renditions answered from memory through `app.mediaHeaderSources`. Registered before
 * compression, so it reads the answer as text.
 */
export const rightsHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const policy = app.config.TDM_POLICY_URL;
    const owners: Memo<boolean> = new Map();
    app.changes.subscribe(() => owners.clear());

    const reservedHeaders: Record<string, string> = { 'X-Robots-Tag': NOAI, 'tdm-reservation': '1', ...(policy && { 'tdm-policy': policy }) };
    /** Adds to a route's own robots directives (issue #34: a review link's `noindex`) rather than replacing them. */
    const reserve = (reply: FastifyReply) => {
      const own = reply.getHeader('X-Robots-Tag');
      const robots = own && !String(own).includes(NOAI) ? { 'X-Robots-Tag': `${own}, ${NOAI}` } : {};
      return reply.headers({ ...reservedHeaders, ...robots });
    };
    app.decorateReply('reserveFromAi', function (this: FastifyReply) {
      return reserve(this);
    });

    /** Whether the media object at this URL shows opted-out work (kept a minute; any write clears it). */
    const mediaReserved = (url: string): Promise<boolean> => {
      // A submission's frozen copy names no owner (blind review, issue #16); it is never for training.
      if (url.startsWith(`${MEDIA_PREFIX}${SUBMISSION_MEDIA_FOLDER}/`)) return Promise.resolve(true);
      const owner = mediaOwnerOf(url);
      if (!owner) return Promise.resolve(false);
      return remember(owners, `${owner.kind}:${owner.id}`, MEDIA_TTL_MS, async () => {
        const optOut = owner.kind === 'artwork' ? await q.artworkOptOut(app.db, owner.id) : await q.userOptOut(app.db, owner.id);
        return optOut === true;
      });
    };

    // Issue #35: who an artwork's image is by, and its opt-out, for the manifest signed into what is served; kept a
    // minute like the headers and cleared by any write, so the manifest follows the opt-out as the headers do.
    const authors: Memo<MediaAuthor | null> = new Map();
    app.changes.subscribe(() => authors.clear());
    app.mediaSigning?.authors.push(async (url) => {
      const owner = mediaOwnerOf(url);
      if (owner?.kind !== 'artwork') return null;
      return remember(authors, String(owner.id), MEDIA_TTL_MS, async () => {
        const found = await q.artworkAuthor(app.db, owner.id);
        return found && { name: found.name, url: `${app.config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}/${found.slug}/`, optOut: found.optOut };
      });
    });

    // Renditions answered from memory skip onSend (media/cache.ts): they ask here for the same headers.
    app.mediaHeaderSources.push(async (url) => ((await mediaReserved(url)) ? reservedHeaders : null));

    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 300 && reply.statusCode !== 304) return payload;
      let reserved = false;
      if (typeof payload === 'string') {
        const type = String(reply.getHeader('content-type') ?? '');
        if (type.startsWith('application/json')) reserved = payload.includes(JSON_MARKER);
        else if (type.startsWith('text/html')) reserved = payload.includes(HTML_MARKER) || payload.includes(JSON_MARKER);
      } else if (request.url.startsWith('/media/')) {
        reserved = await mediaReserved(request.url);
      }
      if (reserved) reserve(reply);
      return payload;
    });
  },
  { name: 'rights-headers', dependencies: ['db', 'changes', 'media-cache', 'media-signing'] },
);
