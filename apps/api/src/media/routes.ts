import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@axoo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { IMMUTABLE, keyOf, matchesEtag, renditionOf } from './cache.ts';
import { renderImage, typeOfExtension } from './images.ts';
import { type UploadGrant, verifyGrant } from './local.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Renditions this app is making right now, so a burst of first requests renders once. */
  const inFlight = new Map<string, Promise<Buffer | null>>();

  // Image bodies arrive as raw bytes; the grant's own limit is checked again in the handler.
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));

  /** Signature, expiry, type and declared length are checked before a single byte of the body is read. */
  async function checkGrant(request: FastifyRequest) {
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

  r.put(
    '/media/upload/*',
    {
      config: { csrf: false },
      onRequest: checkGrant,
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

  r.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'An original image, or a rendition at the nearest allowed width (?w=) in AVIF/WebP by Accept',
        querystring: z.object({ w: z.string().optional() }),
      },
    },
    async (request, reply) => serveMedia(request, reply, (request.params as Record<string, string>)['*'], request.query.w),
  );

  async function serveMedia(request: FastifyRequest, reply: FastifyReply, raw: string | undefined, w: string | undefined) {
    const key = keyOf(raw);
    const type = key ? typeOfExtension(key) : null;
    if (!key || !type) throw notFound();
    const storage = app.storage;
    if (w === undefined) {
      const original = await storage.get(key);
      if (!original) throw notFound();
      return reply.header('Content-Type', type).header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff').send(original);
    }
    const asked = renditionOf(raw, w, request.headers.accept);
    if (!asked) throw notFound();
    const { cacheKey } = asked;
    let rendition = app.renditions.get(cacheKey);
    if (!rendition) {
      let body = await storage.get(cacheKey);
      if (!body) {
        let pending = inFlight.get(cacheKey);
        if (!pending) {
          pending = (async () => {
            const original = await storage.get(key);
            if (!original) return null;
            let out: Buffer;
            try {
              out = await renderImage(original, asked.width, asked.format);
            } catch {
              return null;
            }
            await storage.put(cacheKey, out, asked.type);
            return out;
          })().finally(() => inFlight.delete(cacheKey));
          inFlight.set(cacheKey, pending);
        }
        body = await pending;
        if (!body) throw notFound();
      }
      rendition = app.renditions.put(cacheKey, body);
    }
    reply
      .header('Content-Type', asked.type)
      .header('Cache-Control', IMMUTABLE)
      .header('Vary', 'Accept')
      .header('ETag', rendition.etag)
      .header('X-Content-Type-Options', 'nosniff');
    // A reload revalidates: the same bytes have the same tag, so the browser keeps its copy (issue #14).
    if (matchesEtag(request.headers['if-none-match'], rendition.etag)) return reply.code(304).send();
    return reply.send(rendition.body);
  }
}
