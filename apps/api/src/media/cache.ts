import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOST } from '../http/changes.ts';
import { securityHeaders } from '../http/security.ts';
import { FORMAT_TYPES, type ImageType, type RenditionFormat, renditionFormat, renditionKey, renditionKeys, renditionWidth, typeOfExtension } from './images.ts';
import { type MediaAccessSource, mediaAccessOf } from './protection.ts';
import { KEY_PATTERN } from './service.ts';

/**
 * Every public image (issue #29): a shared cache (nginx, a CDN) keeps it 30 s, then asks again with its ETag (a 304
 * when nothing changed, no bytes); a browser keeps it 5 minutes. Not `immutable`: a key stops resolving when its image
 * is deleted, and its headers change when its artist reserves it from AI training (docs/DEPLOYING.md, "Media caching").
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=300, s-maxage=30';
/** Largest rendition kept in memory (a 480-px WebP is 10–60 KB; the widest renditions may pass this and are read from the store). */
const MAX_ENTRY_BYTES = 512 * 1024;
/** The topic a deletion of stored media publishes (with the key), so every process drops its renditions. */
export const MEDIA_DELETED = 'media-deleted:';

/** A rendition's bytes with their strong validator. */
export interface Rendition {
  body: Buffer;
  etag: string;
}

/** Extra headers an answer of `/media/<key>` must carry, or null; features add theirs (issue #18's opt-out). */
export type MediaHeaderSource = (url: string) => Promise<Record<string, string> | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Renditions kept in memory (least recently used first out, a cap on bytes), issue #14. */
    renditions: RenditionCache;
    /** Headers features add to media answers, read by the route and the memory path (which skips `onSend`) alike, and folded into the ETag. */
    mediaHeaderSources: MediaHeaderSource[];
    /** Issue #34 (6): who may fetch a key and how it is rendered (public copies of protected work, restricted originals). */
    mediaAccess: MediaAccessSource[];
  }
}

/** The strong ETag of some bytes: their SHA-1, so the same bytes give the same tag on every process. */
export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** The headers every source adds to the answer of this media URL. */
export async function mediaHeadersOf(sources: MediaHeaderSource[], url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const source of sources) Object.assign(out, await source(url));
  return out;
}

/**
 * The ETag of a media answer: the bytes' tag, with the headers features add folded in (issue #29), so that switching
 * the AI opt-out gives a new tag and a cache revalidating its copy gets the new headers (a 304 would keep the old).
 */
export function answerEtag(etag: string, added: Record<string, string>): string {
  const names = Object.keys(added).sort();
  if (!names.length) return etag;
  const folded = createHash('sha1')
    .update(names.map((n) => `${n.toLowerCase()}:${added[n]}`).join('\n'))
    .digest('base64url')
    .slice(0, 8);
  return `${etag.slice(0, -1)}.${folded}"`;
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as RFC 9110 asks for it; `*` matches). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** A least-recently-used map of rendition bytes, capped by their total size. */
export class RenditionCache {
  private readonly entries = new Map<string, Rendition>();
  private bytes = 0;
  /** GET requests for a rendition the first hook looked up, and those it answered from memory (issue #32, metrics). */
  readonly stats = { lookups: 0, hits: 0 };
  constructor(readonly maxBytes: number) {}

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string): Rendition | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps the bytes when they fit, and returns them with their ETag either way. */
  put(key: string, body: Buffer): Rendition {
    const entry = { body, etag: etagOf(body) };
    if (body.length > MAX_ENTRY_BYTES || body.length > this.maxBytes) return entry;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += body.length;
    for (const [oldest, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= e.body.length;
    }
    return entry;
  }

  delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.body.length;
  }

  /** Drops every rendition of an original (it was deleted). */
  forget(original: string) {
    for (const k of renditionKeys(original)) this.delete(k);
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** `/media/a/b.png` → `a/b.png`, or null when it is not one of our keys. */
export function keyOf(raw: string | undefined): string | null {
  if (!raw) return null;
  let key: string;
  try {
    key = raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return KEY_PATTERN.test(key) ? key : null;
}

/** What a rendition request asks for: its cache key and content type, or null when the route must judge it. */
export function renditionOf(
  raw: string | undefined,
  w: unknown,
  accept: string | undefined,
): { key: string; cacheKey: string; type: string; width: number; format: RenditionFormat } | null {
  if (typeof w !== 'string' || !/^\d{1,5}$/.test(w) || Number(w) === 0) return null;
  const key = keyOf(raw);
  const type = key ? typeOfExtension(key) : null;
  if (!key || !type) return null;
  const format = renditionFormat(accept, type as ImageType);
  const width = renditionWidth(Number(w));
  return { key, cacheKey: renditionKey(key, width, format), type: FORMAT_TYPES[format], width, format };
}

/**
 * Named plugin `media-cache` (issue #14): renditions are immutable public images, so once one is in memory a request
 * for it is answered in the first `onRequest` hook, before the cookie, session, CSRF and language hooks (a member's
 * browser sends the session cookie with every image: no database lookup for it) and without the `onSend` chain
 * (compression of JPEG/WebP/AVIF gains nothing). The answer carries the same headers as the route's: content type,
 * `Cache-Control` (`MEDIA_CACHE_CONTROL`), `Vary: Accept`, the security headers (`securityHeaders`, the one list), the
 * headers features add (`mediaHeaderSources`: the AI-training opt-out of issue #18), plus a strong ETag (folding those
 * in: `answerEtag`), and a 304 when `If-None-Match` names it. Anything else (a miss, a bad width, HEAD, a closing server) goes on to the route, which
 * fills the cache. A deleted original's renditions leave every process's cache (`MEDIA_DELETED` through
 * `app.changes`); a lost change channel empties it.
 */
export const mediaCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new RenditionCache(app.config.MEDIA_CACHE_MB * 1024 * 1024);
    const sources: MediaHeaderSource[] = [];
    app.decorate('renditions', cache);
    app.decorate('mediaHeaderSources', sources);
    const access: MediaAccessSource[] = [];
    app.decorate('mediaAccess', access);
    app.changes.subscribe((topic) => {
      if (topic.startsWith(MEDIA_DELETED)) cache.forget(topic.slice(MEDIA_DELETED.length));
      else if (topic === LOST) cache.clear();
    });
    const security = securityHeaders(app.config);
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' || closing || !request.url.startsWith('/media/') || cache.maxBytes === 0) return;
      const query = request.query as Record<string, unknown>;
      const asked = renditionOf((request.params as Record<string, string>)['*'], query.w, request.headers.accept);
      const hit = asked && cache.get(asked.cacheKey);
      if (!asked) return;
      // Issue #34 (6): a protected artwork's images (public copies, restricted originals) are judged by the route.
      if (await mediaAccessOf(access, asked.key)) return;
      cache.stats.lookups++;
      // Issue #35: a signed answer (JPEG/PNG with signing on) is made by the route, which asks who the image is by.
      if (!hit || app.mediaSigning?.signs(asked.type)) return;
      cache.stats.hits++;
      const added = await mediaHeadersOf(sources, request.url);
      const etag = answerEtag(hit.etag, added);
      const headers: Record<string, string | number> = {
        'Content-Type': asked.type,
        'Cache-Control': MEDIA_CACHE_CONTROL,
        Vary: 'Accept',
        ETag: etag,
        ...security(request.url),
        ...added,
      };
      reply.hijack();
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.raw.writeHead(304, headers);
        reply.raw.end();
        return;
      }
      headers['Content-Length'] = hit.body.length;
      reply.raw.writeHead(200, headers);
      reply.raw.end(hit.body);
    });
  },
  { name: 'media-cache', dependencies: ['changes', 'storage'] },
);
