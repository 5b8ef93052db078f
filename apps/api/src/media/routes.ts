import { IMAGE_MAX_BYTES, IMAGE_TYPES, RENDITION_WIDTHS, type Watermark } from '@axoo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { answerEtag, etagOf, keyOf, MEDIA_CACHE_CONTROL, matchesEtag, mediaHeadersOf, renditionOf } from './cache.ts';
import { type RenditionFormat, renditionKey, typeOfExtension } from './images.ts';
import { type UploadGrant, verifyGrant } from './local.ts';
import { mediaAccessOf, PRIVATE_CACHE_CONTROL, renderAndStore } from './protection.ts';
import { completeUpload, finishUpload } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    uploadGrant?: UploadGrant;
  }
}

const storedImage = z.object({ filename: z.string(), width: z.number(), height: z.number(), dominant_color: z.string() });

/**
 * Media routes: the signed local PUT, the S3 completion call, and GET `/media/<key>` for originals and
 * sharp renditions (DESIGN "Images").
 */
export async function mediaRoutes(app: FastifyInstance) {
  uploadRoutes(app);
  serveRoutes(app);
}

/** Signature, expiry, type and declared length are checked before a single byte of the body is read. */
async function checkGrant(app: FastifyInstance, request: FastifyRequest) {
  const key = keyOf((request.params as Record<string, string>)['*']);
  const q = request.query as Record<string, string | undefined>;
  if (app.config.S3_BUCKET || !key || !q.sig || !q.type || !q.max || !q.expires) throw new AppError(403, { detail: 'media.signature_invalid' });
  const grant: UploadGrant = { key, contentType: q.type, maxBytes: Number(q.max), expires: Number(q.expires) };
  if (!verifyGrant(app.config.SECRET_KEY, grant, q.sig)) throw new AppError(403, { detail: 'media.signature_invalid' });
  if (grant.expires < Date.now() / 1000) throw new AppError(403, { detail: 'media.signature_expired' });
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== grant.contentType) throw new AppError(403, { detail: 'media.signature_invalid' });
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > grant.maxBytes) throw new AppError(413, { detail: 'media.too_large' });
  request.uploadGrant = grant;
}

/** Uploads: the signed local PUT of an image's bytes, and the completion call after a direct upload to the bucket. */
function uploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Image bodies arrive as raw bytes; the grant's own limit is checked again in the handler.
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));

  r.put(
    '/media/upload/*',
    {
      config: { csrf: false },
      onRequest: async (request) => checkGrant(app, request),
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: ['media'],
        summary: 'Receive the bytes of a presigned local upload (the signature in the query authorises it)',
        response: { 200: storedImage },
      },
    },
    async (request) => {
      const grant = request.uploadGrant as UploadGrant;
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(400, { filename: 'media.missing' });
      if (body.length > grant.maxBytes) throw new AppError(413, { detail: 'media.too_large' });
      return finishUpload(app, grant.key, body);
    },
  );

  r.post(
    '/api/v1/media/complete/',
    {
      schema: {
        tags: ['media'],
        summary: 'Check an image after its direct upload to the bucket (S3 driver)',
        body: z.object({ filename: z.string().max(300) }),
        response: { 200: storedImage },
      },
    },
    async (request) => completeUpload(app, request.body.filename, requireUser(request).id),
  );
}

/** Serving: GET `/media/<key>` for an original, or a rendition made once and cached. */
function serveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Renditions this app is making right now, so a burst of first requests renders once. */
  const inFlight = new Map<string, Promise<Buffer | null>>();

  r.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'An original image, or a rendition at the nearest allowed width (?w=) in AVIF/WebP by Accept',
        querystring: z.object({ w: z.string().optional() }),
      },
    },
    async (request, reply) => serveMedia(app, inFlight, request, reply, (request.params as Record<string, string>)['*'], request.query.w),
  );
}

/** What one `/media/` request is answered with: the object read, the rendition made, and who may cache it. */
interface Served {
  /** The stored object the bytes come from (the original, for a public copy). */
  source: string;
  /** The rendition asked for, or null for the stored object as it is. */
  rendition: { cacheKey: string; type: string; width: number; format: RenditionFormat } | null;
  watermark: Watermark | null;
  /** Issue #34 (6): a restricted original (its author's, a judged entry's): `private, no-store`, never kept in memory for others. */
  private: boolean;
}

/**
 * Issue #34 (6): what a request of `key` is served from. A public copy of protected work is always a rendition of its
 * original, at most the cap wide (the cap, or the largest width, when no `w` is asked) and watermarked; a name that no
 * longer resolves is a 404; a restricted original (a protected artwork's, for its author; a protected open-call
 * entry's frozen copy, for those who judge it) is a 404 for anyone its source does not admit.
 */
async function servedOf(app: FastifyInstance, request: FastifyRequest, raw: string | undefined, key: string, w: string | undefined): Promise<Served> {
  const access = await mediaAccessOf(app.mediaAccess, key);
  if (access?.kind === 'gone') throw notFound();
  if (access?.kind === 'restricted' && !(request.user && (await access.allows(request.user)))) throw notFound();
  const isPrivate = access?.kind === 'restricted';
  if (access?.kind !== 'public') {
    if (w === undefined) return { source: key, rendition: null, watermark: null, private: isPrivate };
    const asked = renditionOf(raw, w, request.headers.accept);
    if (!asked) throw notFound();
    return { source: key, rendition: asked, watermark: null, private: isPrivate };
  }
  const cap = access.maxWidth ?? RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1];
  const asked = renditionOf(raw, w ?? String(cap), w === undefined ? undefined : request.headers.accept);
  if (!asked) throw notFound();
  const width = Math.min(asked.width, cap);
  return {
    source: access.original,
    rendition: { ...asked, width, cacheKey: renditionKey(key, width, asked.format) },
    watermark: access.watermark,
    private: false,
  };
}

/** An original, or the rendition `w` asks for in the format Accept allows; `inFlight` holds the renditions being made now. */
async function serveMedia(
  app: FastifyInstance,
  inFlight: Map<string, Promise<Buffer | null>>,
  request: FastifyRequest,
  reply: FastifyReply,
  raw: string | undefined,
  w: string | undefined,
) {
  const key = keyOf(raw);
  const type = key ? typeOfExtension(key) : null;
  if (!key || !type) throw notFound();
  const storage = app.storage;
  const served = await servedOf(app, request, raw, key, w);
  const cacheControl = served.private ? PRIVATE_CACHE_CONTROL : MEDIA_CACHE_CONTROL;
  // A cache (nginx's, a browser's) asks again with the ETag once its copy is 30 s old (issue #29): a deleted file
  // is a 404 from then on, and a changed header (the AI opt-out) a new tag, so a new answer.
  const answer = async (unsigned: Buffer, unsignedEtag: string, added: Record<string, string>, contentType: string) => {
    // Issue #35: with signing on, a JPEG/PNG of an artist's work carries its Content Credentials (media/signing.ts).
    const signing = app.mediaSigning?.signs(contentType) ? app.mediaSigning : null;
    const { body, etag } = signing ? await signing.apply(unsigned, unsignedEtag, request.url) : { body: unsigned, etag: unsignedEtag };
    const tag = answerEtag(etag, added);
    reply.headers(added).header('Cache-Control', cacheControl).header('ETag', tag).header('X-Content-Type-Options', 'nosniff');
    // A reload revalidates: the same bytes with the same headers have the same tag (issue #14).
    if (matchesEtag(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply.send(body);
  };
  const asked = served.rendition;
  if (!asked) {
    const original = await storage.get(key);
    if (!original) throw notFound();
    reply.header('Content-Type', type);
    return answer(original, etagOf(original), await mediaHeadersOf(app.mediaHeaderSources, request.url), type);
  }
  const { cacheKey } = asked;
  // A restricted rendition is never kept in this process's memory, which the first hook answers from for anyone.
  let rendition = served.private ? undefined : app.renditions.get(cacheKey);
  if (!rendition) {
    let body = await storage.get(cacheKey);
    if (!body) {
      let pending = inFlight.get(cacheKey);
      if (!pending) {
        pending = renderAndStore(storage, served.source, asked, served.watermark).finally(() => inFlight.delete(cacheKey));
        inFlight.set(cacheKey, pending);
      }
      body = await pending;
      if (!body) throw notFound();
    }
    rendition = served.private ? { body, etag: etagOf(body) } : app.renditions.put(cacheKey, body);
  }
  reply.header('Content-Type', asked.type).header('Vary', 'Accept');
  return answer(rendition.body, rendition.etag, await mediaHeadersOf(app.mediaHeaderSources, request.url), asked.type);
}
