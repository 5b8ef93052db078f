import { asLang, type DataExport, EXPORT_LINK_HOURS, type Lang, translate } from '@axoo/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { signParts, verifyParts } from '../../http/signed.ts';
import { enqueue } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/queue.ts';
import { type ArchiveEntry, sendDownload, storedEntry, textEntry, writeArchive } from '../../media/archive.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { presentArtwork } from '../../domain/artworks/present.ts';
import { escapeHtml } from '../../html/escape.ts';
import * as q from './export-queries.ts';
import { canSetOptOut } from './policy.ts';

export const EXPORT_JOB = 'data-export';
const LINK = 'data-export';
/** Artworks read per statement while the archive is written. */
const BATCH = 100;

const present = (row: q.ExportRow): DataExport => ({
  id: row.id,
  status: row.status,
  created: row.created.toISOString(),
  finished: row.finished ? row.finished.toISOString() : null,
  size: row.size,
  files: row.files,
});

/** POST /api/v1/users/{id}/export/: one at a time per user; the archive is built by a job. */
export async function startExport(deps: Deps, viewer: UserRow, userId: number, siteUrl: string): Promise<DataExport> {
  if (!canSetOptOut(viewer, userId)) throw forbidden();
  return deps.db.transaction(async (tx: Executor) => {
    const row = await q.insertExport(tx, userId);
    if (!row) throw new AppError(409, { detail: 'export.running' });
    await enqueue(tx, EXPORT_JOB, { exportId: row.id, siteUrl });
    return present(row);
  });
}

export async function exportStatus(deps: Deps, viewer: UserRow, userId: number): Promise<DataExport | null> {
  if (!canSetOptOut(viewer, userId)) throw forbidden();
  const row = await q.latestExport(deps.db, userId);
  return row ? present(row) : null;
}

/** The mailed link: signed for this user and export, valid until `expires` (epoch seconds). */
export const exportLink = (secret: string, siteUrl: string, userId: number, exportId: number, expires: number) =>
  `${siteUrl}/accounts/export/?u=${userId}&e=${exportId}&x=${expires}&t=${signParts(secret, LINK, userId, exportId, expires)}`;

/**
 * GET /api/v1/users/{id}/export/?e=&x=&t=: the ZIP, to the user it was made for only (logged in as them), while the
 * link's signature holds and it has not expired; anything else is a 403.
 */
export async function downloadExport(deps: Deps, viewer: UserRow, userId: number, link: { e: string; x: string; t: string }, reply: FastifyReply) {
  const exportId = Number(link.e);
  const expires = Number(link.x);
  if (!/^\d{1,12}$/.test(link.e) || !/^\d{1,12}$/.test(link.x) || !verifyParts(deps.config.SECRET_KEY, link.t, LINK, userId, exportId, expires)) {
    throw new AppError(403, { detail: 'export.link_invalid' });
  }
  if (viewer.id !== userId) throw new AppError(403, { detail: 'export.link_invalid' });
  if (expires * 1000 < Date.now()) throw new AppError(403, { detail: 'export.link_expired' });
  const row = await q.findExport(deps.db, exportId);
  if (!row || row.userId !== userId || row.status !== 'done') throw notFound();
  return sendDownload(reply, deps.storage, row.key, `${deps.config.SITE_NAME.toLowerCase()}-${viewer.slug}-data.zip`);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** A stored image's name inside the ZIP: its folder there and the key's own file name. */
const imageName = (folder: string, key: string) => `${folder}/${key.split('/').pop()}`;

/** Every file of the archive, produced as the writer reaches it (artworks read BATCH at a time). */
async function* entriesOf(deps: Deps, user: UserRow, lang: Lang): AsyncGenerator<ArchiveEntry> {
  const { password: _password, ...profile } = user;
  yield textEntry('profile.json', [json(profile)]);
  const images: ArchiveEntry[] = [];
  const seen = new Set<string>();
  const image = (folder: string, key: string) => {
    if (!key || seen.has(key) || /^(https?:|blob:|data:)/.test(key)) return;
    seen.add(key);
    images.push(storedEntry(deps.storage, imageName(folder, key), key));
  };
  for (const key of [user.avatar, user.rawAvatar, user.croppedAvatar, user.banner, user.rawBanner, user.croppedBanner]) image('images/profile', key);

  // artworks.json is written BATCH artworks at a time as the ZIP takes it; the images it names follow.
  async function* artworksJson() {
    yield '[\n';
    let after = 0;
    let first = true;
    for (;;) {
      const { rows, rel } = await q.artworksAfter(deps.db, user.id, after, BATCH);
      if (!rows.length) break;
      for (const row of rows) {
        yield `${first ? '' : ',\n'}${JSON.stringify(presentArtwork(row, rel, lang, { withContent: true, showMature: true, showOriginals: true }), null, 2)}`;
        first = false;
        for (const key of [row.cover, row.rawCover, row.croppedCover, ...mediaKeysIn(row.content)]) image(`images/artworks/${row.id}`, key);
      }
      after = rows[rows.length - 1].id;
    }
    yield '\n]\n';
  }
  yield textEntry('artworks.json', artworksJson());
  yield textEntry('collections.json', [json(await q.collectionsOf(deps.db, user.id))]);
  yield textEntry('applications.json', [json(await q.applicationsOf(deps.db, user.id))]);
  const follows = await q.followsOf(deps.db, user.id);
  if (follows.following.length || follows.followers.length) yield textEntry('follows.json', [json(follows)]);
  yield* images;
}

/** Size for people: 1.2 MB. */
const humanSize = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`);

/** The job: writes the ZIP to a private object, marks the export done and mails the signed link. */
export async function runExport(deps: Deps, payload: { exportId: number; siteUrl: string }) {
  const row = await q.findExport(deps.db, payload.exportId);
  if (!row || row.status === 'done') return;
  const user = await q.exportUser(deps.db, row.userId);
  if (!user) return;
  await q.setExport(deps.db, row.id, { status: 'running' });
  const lang = asLang(user.language);
  const key = `exports/${user.id}/${row.id}-${signParts(deps.config.SECRET_KEY, 'export-key', row.id).slice(0, 16).toLowerCase()}.zip`;
  try {
    const result = await writeArchive(deps.storage, key, entriesOf(deps, user, lang));
    const expires = Math.floor(Date.now() / 1000) + EXPORT_LINK_HOURS * 3600;
    const url = exportLink(deps.config.SECRET_KEY, payload.siteUrl, user.id, row.id, expires);
    const vars = { site: deps.config.SITE_NAME, name: user.name, url, size: humanSize(result.bytes), hours: EXPORT_LINK_HOURS };
    const text = translate(lang, 'export.mail_body', vars);
    const older = await q.olderExports(deps.db, user.id, row.id);
    const kept = await deps.db.transaction(async (tx: Executor) => {
      if (!(await q.setExport(tx, row.id, { status: 'done', key, size: result.bytes, files: result.entries, finished: new Date() }))) return false;
      for (const old of older) await q.setExport(tx, old.id, { status: 'failed', key: '' });
      await queueMail(
        tx,
        { to: user.email, subject: translate(lang, 'export.mail_subject', vars), text, html: mailHtml(lang, text) },
        { key: `mail:export:${row.id}` },
      );
      return true;
    });
    // The account went while the archive was written: nothing names the archive any more, so it goes too (issue #13).
    if (!kept) return void (await deps.storage.delete(key));
    for (const old of older) if (old.key) await deps.storage.delete(old.key);
  } catch (error) {
    deps.log.error({ err: error, exportId: row.id }, 'data export failed');
    await q.setExport(deps.db, row.id, { status: 'failed', finished: new Date() });
  }
}

function mailHtml(lang: Lang, text: string): string {
  const body = text
    .trim()
    .split('\n\n')
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/https?:\/\/\S+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`)
    .join('');
  return `<!doctype html><html lang="${lang}"><body style="font-family:-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">${body}</body></html>`;
}
