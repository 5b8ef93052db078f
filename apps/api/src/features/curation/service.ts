import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { enqueueMediaDelete } from '../../media/cleanup.ts';
import { presentBanner, presentClient } from './present.ts';
import * as q from './queries.ts';
import type { BannerBody, ClientBody } from './schemas.ts';

/** An image field must name an upload the server accepted, unless it is the one already stored. */
async function checkImage(deps: Deps, image: string, stored: string | undefined) {
  if (image === stored) return;
  const found = await q.usableMedia(deps.db, [image]);
  if (found.length === 0) throw badRequest({ image: 'curation.image_unknown' });
}

export async function createBanner(deps: Deps, body: BannerBody) {
  await checkImage(deps, body.image, undefined);
  const row = await q.insertBanner(deps.db, body);
  return presentBanner(row);
}

export async function updateBanner(deps: Deps, id: number, body: BannerBody) {
  const stored = await q.findBanner(deps.db, id);
  if (!stored) throw notFound();
  await checkImage(deps, body.image, stored.image);
  const row = await q.updateBanner(deps.db, id, body);
  if (!row) throw notFound();
  return presentBanner(row);
}

/** Deletes the banner and queues its image (kept while anything else shows it), in one transaction (issue #13). */
export async function deleteBanner(deps: Deps, id: number) {
  await deps.db.transaction(async (tx) => {
    const [gone] = await q.deleteBanner(tx, id);
    if (!gone) throw notFound();
    await enqueueMediaDelete(tx, [gone.image]);
  });
}

export async function createClient(deps: Deps, body: ClientBody) {
  await checkImage(deps, body.image, undefined);
  const row = await q.insertClient(deps.db, body);
  return presentClient(row);
}

export async function updateClient(deps: Deps, id: number, body: ClientBody) {
  const stored = await q.findClient(deps.db, id);
  if (!stored) throw notFound();
  await checkImage(deps, body.image, stored.image);
  const row = await q.updateClient(deps.db, id, body);
  if (!row) throw notFound();
  return presentClient(row);
}

export async function deleteClient(deps: Deps, id: number) {
  await deps.db.transaction(async (tx) => {
    const [gone] = await q.deleteClient(tx, id);
    if (!gone) throw notFound();
    await enqueueMediaDelete(tx, [gone.image]);
  });
}

export async function pageBanners(deps: Deps, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageBanners(deps.db, search, limit, offset);
  return { count, results: rows.map(presentBanner) };
}

export async function pageClients(deps: Deps, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageClients(deps.db, search, limit, offset);
  return { count, results: rows.map(presentClient) };
}
