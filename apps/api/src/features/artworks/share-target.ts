import { IMAGE_MAX_BYTES, TITLE_MAX } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { baseUrl } from '../../http/paging.ts';
import { enqueueMediaDelete } from '../../media/cleanup.ts';
import type { StoredImage } from '../../media/service.ts';
import { insertDraft, uploadImage } from './imports/service.ts';

/** Issue #34 (7): at most this many images shared at once (a phone's share sheet sends them in one request). */
export const SHARE_MAX_FILES = 10;
const SHARE_MAX_BYTES = SHARE_MAX_FILES * IMAGE_MAX_BYTES + 1024 * 1024;
export const SHARE_TARGET_PATH = '/share-target/';

/**
 * A share target's POST comes from the browser itself (the OS share sheet), so it carries no CSRF token: what stands in
 * for one is the browser's own word on where the request began. `Sec-Fetch-Site: none` (a user action in the browser,
 * such as a share) or `same-origin` passes; a form on another site (`cross-site`, `same-site`) is refused, and so is a
 * request without that header unless its Origin is this site's (the session cookie is also SameSite=Lax).
 */
export function sharedFromThisBrowser(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'none' || site === 'same-origin';
  return request.headers.origin === baseUrl(request);
}

/** The shared form's images (the manifest names the field `images`) and title or text. */
async function sharedForm(body: Buffer, contentType: string) {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest({ images: 'share.images_required' });
  }
  const files = form.getAll('images').filter((f): f is File => typeof f !== 'string' && f.size > 0);
  if (!files.length) throw badRequest({ images: 'share.images_required' });
  if (files.length > SHARE_MAX_FILES) throw badRequest({ images: { key: 'share.too_many', params: { max: SHARE_MAX_FILES } } });
  const text = [form.get('title'), form.get('text')].find((v) => typeof v === 'string' && v.trim());
  return { files, title: typeof text === 'string' ? text.trim().slice(0, TITLE_MAX) : '' };
}

/** The shared images as a new draft of the viewer's (one transaction once every image passed the upload's checks). */
export async function draftFromShare(app: FastifyInstance, user: UserRow, body: Buffer, contentType: string): Promise<number> {
  const { files, title } = await sharedForm(body, contentType);
  const images: StoredImage[] = [];
  for (const file of files) {
    const stored = await uploadImage(
      app,
      user.id,
      `shares/${user.id}`,
      file.name || `image.${file.type.split('/')[1] ?? 'jpg'}`,
      Buffer.from(await file.arrayBuffer()),
    );
    if (typeof stored === 'string') {
      // The images already checked go: nothing of a refused share stays.
      await enqueueMediaDelete(
        app.db,
        images.map((i) => i.filename),
      );
      throw badRequest({ images: stored });
    }
    images.push(stored);
  }
  return app.db.transaction(async (tx: Executor) => (await insertDraft(tx, user.id, { title, description: '', tags: [] }, images)).id);
}

/** `POST /share-target/`: the manifest's Web Share Target; a signed-in artist's shared images open as a new draft. */
export async function shareTargetRoutes(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: SHARE_MAX_BYTES }, (_req, body, done) => done(null, body));
  app.post(
    SHARE_TARGET_PATH,
    {
      config: { csrf: false },
      bodyLimit: SHARE_MAX_BYTES,
      schema: {
        tags: ['artworks'],
        summary: `Web Share Target (multipart/form-data: images, up to ${SHARE_MAX_FILES}; title, text): a new draft holding the shared images, then its editor (303); signed in, from this browser (Sec-Fetch-Site none or same-origin)`,
      },
    },
    async (request, reply) => {
      if (!sharedFromThisBrowser(request)) throw new AppError(403, { detail: 'share.cross_site' });
      if (!request.user) return reply.redirect(`/login/?redirect=${encodeURIComponent('/upload/')}`, 303);
      const body = request.body;
      const contentType = String(request.headers['content-type'] ?? '');
      if (!Buffer.isBuffer(body) || !contentType.startsWith('multipart/form-data')) throw badRequest({ images: 'share.images_required' });
      const id = await draftFromShare(app, request.user, body, contentType);
      return reply.redirect(`/upload/${id}/`, 303);
    },
  );
}
