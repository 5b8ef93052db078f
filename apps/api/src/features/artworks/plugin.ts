import {
  reviewTokenOfPath,
  artworkIdOfPath,
  CONTENT_SIZES,
  CONTENT_WIDTHS,
  contentImages,
  mediaUrl,
  mediaWidthSrcSet,
  queryKeys,
  widthsWithin,
} from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { artworks, artworkVersions } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { parseId } from '../../http/params.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { artworkAnswer } from './answers.ts';
import { backfillPalettes, enqueuePaletteBackfill, PALETTE_BACKFILL_JOB } from './palette.ts';
import { artworkRoutes } from './routes.ts';
import { reviewLinkRoutes } from './review-routes.ts';
import { importRoutes } from './imports/routes.ts';
import { shareTargetRoutes } from './share-target.ts';
import { IMPORT_JOB, runImport } from './imports/service.ts';
import { PUBLISH_JOB, type PublishPayload, publishScheduled } from './schedule.ts';
import { queueRest, queueTrustRecheck, recheckTrust, TRUST_RECHECK_JOB, type TrustRecheckPayload } from './trust-recheck.ts';
import { trustAnchors } from '../../media/credentials.ts';
import { WRITE } from '../../http/changes.ts';
import { versionKeysOf } from './version-store.ts';
import { versionRoutes } from './version-routes.ts';
import { PROTECTION_JOB, type ProtectionPayload, registerMediaAccess, renderPublicCopies } from './protection.ts';

/** Named plugin `artworks`: the media artworks show kept, the palette backfill job, then all of /api/v1/artworks/{id}/. */
export const artworksPlugin = fp(
  async (app: FastifyInstance) => {
    // An image stays while any artwork shows it as a cover or in its content (issue #13).
    app.mediaCleanup.retain(columnRetainer([artworks.cover, artworks.rawCover, artworks.croppedCover, artworks.blurredCover], [artworks.content]));
    // Issue #34 (4): and while a kept version names it; erasing the artwork takes its versions' files too.
    app.mediaCleanup.retain(columnRetainer([artworkVersions.cover, artworkVersions.rawCover, artworkVersions.croppedCover], [artworkVersions.content]));
    app.mediaCleanup.collect('artwork', versionKeysOf);
    // Issue #18: artworks with a cover and no palette (older than the palette search, or unreadable when saved) get
    // one from a background pass, queued at start-up when any needs it.
    app.jobs.handle<{ after?: number }>(PALETTE_BACKFILL_JOB, async (payload) => {
      const { filled, next } = await backfillPalettes(app, payload?.after ?? 0);
      if (filled) app.log.info({ filled, next }, 'palette backfill');
      if (next !== null) await enqueue(app.db, PALETTE_BACKFILL_JOB, { after: next });
    });
    // Issue #34 (1): a scheduled artwork publishes itself once at its time, on whichever process claims the job.
    app.jobs.handle<PublishPayload>(PUBLISH_JOB, async (payload) => {
      if (await publishScheduled(app.db, app.config, payload)) app.changes.publish(WRITE);
    });
    // Issue #35: a change of the trust list re-decides 'valid' <-> 'untrusted' for every stored chain (one job per
    // change, in stretches); the caches holding credential answers and gallery pages hear it as a write.
    app.jobs.handle<TrustRecheckPayload>(TRUST_RECHECK_JOB, async (payload) => {
      const stretch = await recheckTrust(app.db, payload);
      if (stretch.counts.trusted || stretch.counts.untrusted) app.changes.publish(WRITE);
      if (stretch.next !== null) {
        await queueRest(app.db, payload, stretch);
        app.log.info({ ...stretch.counts, next: stretch.next }, 'content credentials trust re-check goes on');
      } else if (stretch.superseded) app.log.info({ ...stretch.counts }, 'content credentials trust re-check superseded by a newer list');
      else app.log.info({ ...stretch.counts, fingerprint: payload.fingerprint }, 'content credentials re-checked against the new trust list');
    });
    // Issue #34 (5): an import's archive becomes drafts on whichever process claims its job (taken over after a crash).
    app.jobs.handle<{ import: number }>(IMPORT_JOB, async (payload) => runImport(app, payload.import, () => app.changes.publish(WRITE)));
    // Issue #34 (6): how /media/ serves a protected artwork's folder, and the job that renders its new public copies.
    registerMediaAccess(app);
    app.jobs.handle<ProtectionPayload>(PROTECTION_JOB, async (payload) => {
      const made = await renderPublicCopies(app.db, app.storage, payload);
      app.log.info({ artwork: payload.artwork, made }, 'public copies rendered');
    });
    app.addHook('onReady', async () => {
      await enqueuePaletteBackfill(app.db).catch((err) => app.log.warn({ err }, 'palette backfill not queued'));
      await queueTrustRecheck(app.db, trustAnchors(app.config.C2PA_TRUST_ANCHORS))
        .then((queued) => queued && app.log.info('trust list changed: content credentials re-check queued'))
        .catch((err) => app.log.warn({ err }, 'content credentials re-check not queued'));
    });
    // Issue #14: an artwork's page carries the artwork, so the server draws the overlay and its first body image (the
    // largest paint) is preloaded as the overlay asks for it. Asked again after hydration: the page may be a guests'
    // shared one, and the browser's request counts this viewer's view (SPEC §7).
    app.prefetch.push((pathname) => {
      const id = artworkIdOfPath(pathname);
      if (id === null) return null;
      return {
        key: [...queryKeys.artworks.detail(id)],
        url: `/api/v1/artworks/${id}/`,
        stale: true,
        images: (answer) =>
          contentImages((answer as { content?: string }).content ?? '')
            .slice(0, 1)
            .map((key) => ({
              href: mediaUrl(key, 960),
              // Issue #34 (6): the widths the overlay offers, within the project's cap.
              srcset: mediaWidthSrcSet(key, widthsWithin(CONTENT_WIDTHS, (answer as { max_public_width?: number | null }).max_public_width)),
              sizes: CONTENT_SIZES,
            })),
      };
    });
    // The route's answer for that first query, without an HTTP request.
    app.pageLoaders.push({ route: '/api/v1/artworks/:id/', load: (request, { params }) => artworkAnswer(app, request, parseId(params.id as string)) });
    // Issue #34 (3): a review page is never shared: its preview is the site's own, and it is never indexed.
    app.shareMeta.push(async (pathname) =>
      reviewTokenOfPath(pathname) === null ? null : { title: app.config.SITE_NAME, description: app.config.SITE_NAME, robots: 'noindex, nofollow' },
    );
    await app.register(artworkRoutes);
    await app.register(reviewLinkRoutes);
    await app.register(versionRoutes);
    await app.register(importRoutes);
    await app.register(shareTargetRoutes);
  },
  // The detail answers from the shared layer's stored cards (`app.gallery`) and shares guests' answers.
  { name: 'artworks', dependencies: ['media-cleanup', 'jobs', 'changes', 'gallery-state', 'guest-answers', 'spa'] },
);
