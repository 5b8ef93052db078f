import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@axoo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { FORMAT_TYPES, type ImageType, renderImage, renditionFormat, renditionKey, renditionWidth, typeOfExtension } from './images.ts';
import { type UploadGrant, verifyGrant } from './local.ts';
import { completeUpload, finishUpload, KEY_PATTERN } from './service.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

declare module 'fastify' {
  interface FastifyRequest {
    uploadGrant?: UploadGrant;
  }
}

/** `/media/a/b.png` → `a/b.png`, or null when it is not one of our keys. */
function keyOf(raw: string | undefined): string | null {
  if (!raw) return null;
  let key: string;
  try {
    key = raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return KEY_PATTERN.test(key) ? key : null;
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
    if (!/^\d{1,5}$/.test(w) || Number(w) === 0) throw notFound();
    const width = renditionWidth(Number(w));
    const format = renditionFormat(request.headers.accept, type as ImageType);
    const cacheKey = renditionKey(key, width, format);
    let body = await storage.get(cacheKey);
    if (!body) {
      let pending = inFlight.get(cacheKey);
      if (!pending) {
        pending = (async () => {
          const original = await storage.get(key);
          if (!original) return null;
          let out: Buffer;
          try {
            out = await renderImage(original, width, format);
          } catch {
            return null;
          }
          await storage.put(cacheKey, out, FORMAT_TYPES[format]);
          return out;
        })().finally(() => inFlight.delete(cacheKey));
        inFlight.set(cacheKey, pending);
      }
      body = await pending;
      if (!body) throw notFound();
    }
    return reply
      .header('Content-Type', FORMAT_TYPES[format])
      .header('Cache-Control', IMMUTABLE)
      .header('Vary', 'Accept')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  }
}
