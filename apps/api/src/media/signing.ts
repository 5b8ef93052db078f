import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf } from './cache.ts';
import { signerFromPem, signImage } from './sign-credentials.ts';

/** Who an image served at a URL is by, and their AI-training choice (issue #35); null: not signed. */
export interface MediaAuthor {
  name: string;
  /** The artist's public profile URL. */
  url: string;
  /** The artist's AI-training opt-out (the artwork's own, else the account's). */
  optOut: boolean;
}
export type MediaAuthorSource = (url: string) => Promise<MediaAuthor | null>;

/** Signed copies kept per process (each is a rendition's bytes plus a manifest; least recently used out first). */
const SIGNED_KEEP = 64;

export interface MediaSigning {
  /** Features say who a media URL is by (the rights layer: the artwork's artist and opt-out). */
  authors: MediaAuthorSource[];
  /** Whether answers of this type are signed (JPEG and PNG: what the library writes). */
  signs(type: string): boolean;
  /** The body with a manifest naming the author and the training-mining choice, and its ETag; as is when nobody is named. */
  apply(body: Buffer, etag: string, url: string): Promise<{ body: Buffer; etag: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue #35: signing of served JPEG/PNG when C2PA_SIGNING_KEY and C2PA_CERT_CHAIN are set; null otherwise. */
    mediaSigning: MediaSigning | null;
  }
}

/** A PEM given inline, or the path of a file holding it. */
const pemOf = (value: string) => (value.trimStart().startsWith('-----BEGIN') ? value : readFileSync(value, 'utf8'));

/**
 * Named plugin `media-signing` (issue #35): with C2PA_SIGNING_KEY and C2PA_CERT_CHAIN, every JPEG or PNG the media
 * route serves (renditions and originals) whose URL a feature attributes to an artist carries a C2PA manifest: the
 * artist as author (public name and profile URL), the site as signer and claim generator, and `c2pa.training-mining`
 * from the artist's opt-out. The choice is part of the memo's key and the ETag changes with the bytes, so a change of
 * the opt-out reaches caches as the opt-out's own headers do (they revalidate within 30 s). Without the keys, nothing.
 */
export const mediaSigningPlugin = fp(
  async (app: FastifyInstance) => {
    const { C2PA_SIGNING_KEY: key, C2PA_CERT_CHAIN: chain, SITE_NAME: site } = app.config;
    if (!key || !chain) {
      app.decorate('mediaSigning', null);
      return;
    }
    const signer = signerFromPem(pemOf(key), pemOf(chain));
    const authors: MediaAuthorSource[] = [];
    const kept = new Map<string, Promise<{ body: Buffer; etag: string }>>();
    const authorOf = async (url: string) => {
      for (const source of authors) {
        const found = await source(url);
        if (found) return found;
      }
      return null;
    };
    app.decorate('mediaSigning', {
      authors,
      signs: (type: string) => type === 'image/jpeg' || type === 'image/png',
      async apply(body: Buffer, etag: string, url: string) {
        const author = await authorOf(url);
        if (!author) return { body, etag };
        const memo = `${etag} ${JSON.stringify(author)}`;
        let signed = kept.get(memo);
        if (!signed) {
          signed = signImage(body, signer, {
            generator: site,
            // C2PA asks a manifest without ingredients to start with `c2pa.created`: the artist made it, the site published it.
            actions: [{ action: 'c2pa.created' }, { action: 'c2pa.published', agent: site }],
            author: { name: author.name, url: author.url },
            training: author.optOut ? 'notAllowed' : 'allowed',
          }).then((out) => ({ body: out, etag: etagOf(out) }));
          signed.catch(() => kept.delete(memo));
          if (kept.size >= SIGNED_KEEP) kept.delete(kept.keys().next().value as string);
        } else kept.delete(memo);
        kept.set(memo, signed);
        try {
          return await signed;
        } catch (err) {
          app.log.warn({ err, url }, 'content credentials not signed');
          return { body, etag };
        }
      },
    });
  },
  { name: 'media-signing', dependencies: ['media-cache'] },
);
