import type { Lang } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/user.ts';
import { presentArtwork } from '../artworks/present.ts';
import { relationsOf } from '../artworks/read-model.ts';
import { presentBanner, presentClient } from './present.ts';
import * as q from './queries.ts';
import type { BannerBody, ClientBody } from './schemas.ts';

/** SPEC §4 Artwork level: staff set 5..1 or clear it; Best Projects on home follows at once. */
export async function setArtworkLevel(app: FastifyInstance, viewer: UserRow, id: number, level: number | null, lang: Lang) {
  const row = await q.setArtworkLevel(app.db, id, level);
  if (!row) throw notFound();
  const rel = await relationsOf(app.db, [row], viewer.id);
  return presentArtwork(row, rel, lang);
}

/** An image field must name an upload the server accepted, unless it is the one already stored. */
async function checkImage(app: FastifyInstance, image: string, stored: string | undefined) {
  if (image === stored) return;
  const found = await q.usableMedia(app.db, [image]);
  if (found.length === 0) throw badRequest({ image: 'curation.image_unknown' });
}

export async function createBanner(app: FastifyInstance, body: BannerBody) {
  await checkImage(app, body.image, undefined);
  const row = await q.insertBanner(app.db, body);
  return presentBanner(row);
}

export async function updateBanner(app: FastifyInstance, id: number, body: BannerBody) {
  const stored = await q.findBanner(app.db, id);
  if (!stored) throw notFound();
  await checkImage(app, body.image, stored.image);
  const row = await q.updateBanner(app.db, id, body);
  if (!row) throw notFound();
  return presentBanner(row);
}

export async function deleteBanner(app: FastifyInstance, id: number) {
  const [gone] = await q.deleteBanner(app.db, id);
  if (!gone) throw notFound();
}

export async function createClient(app: FastifyInstance, body: ClientBody) {
  await checkImage(app, body.image, undefined);
  const row = await q.insertClient(app.db, body);
  return presentClient(row);
}

export async function updateClient(app: FastifyInstance, id: number, body: ClientBody) {
  const stored = await q.findClient(app.db, id);
  if (!stored) throw notFound();
  await checkImage(app, body.image, stored.image);
  const row = await q.updateClient(app.db, id, body);
  if (!row) throw notFound();
  return presentClient(row);
}

export async function deleteClient(app: FastifyInstance, id: number) {
  const [gone] = await q.deleteClient(app.db, id);
  if (!gone) throw notFound();
}

export async function pageBanners(app: FastifyInstance, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageBanners(app.db, search, limit, offset);
  return { count, results: rows.map(presentBanner) };
}

export async function pageClients(app: FastifyInstance, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageClients(app.db, search, limit, offset);
  return { count, results: rows.map(presentClient) };
}
