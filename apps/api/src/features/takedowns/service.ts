import {
  artworkIdOfPath,
  asLang,
  type Lang,
  noticesPath,
  TAKEDOWN_CONFIRM_HOURS,
  TAKEDOWN_MEASURE_DAYS,
  TAKEDOWN_REASON,
  type TakedownBody,
} from '@axoo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { artworks, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { deleteArtworkAndFiles } from '../../domain/moderation/removal.ts';
import { recordAudit } from '../../domain/moderation/audit.ts';
import { stateAfterMeasure } from '../../domain/moderation/holds.ts';
import { notify } from '../../domain/notifications/notify.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { siteOrigin } from '../../http/paging.ts';
import { signParts, verifyParts } from '../../http/signed.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { CleanupDeps } from '../../media/cleanup.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import { presentStaffTakedown, presentTakedown } from './present.ts';
import * as q from './queries.ts';

/**
 * Issue #31, takedowns from outside (the policy is the one `/about/takedown/` states): a rights holder without an
 * account sends a notice; nothing happens until its e-mail is confirmed through the mailed signed link; a confirmed
 * notice hides the work at once as a temporary measure (`moderation_state` hidden, reason `takedown`) for at most
 * TAKEDOWN_MEASURE_DAYS (정보통신망법 §44-2) and tells the uploader, who may send one counter-notice; staff remove
 * or restore the work; a period that ends without a decision restores it (the `takedowns.expire` job).
 */

export const EXPIRE_JOB = 'takedowns.expire';
const PURPOSE = 'takedown';
const HOUR_MS = 3_600_000;
/** The audit log's actor for what a notice or the period's end does (no staff member did it). */
const SYSTEM = { id: 0, name: 'takedown policy' };

type Config = Deps['config'];

/** The artwork of this site a pasted address names (`/artwork/{id}/`, any host, query or fragment ignored), or null. */
export function artworkOfUrl(value: string): number | null {
  try {
    return artworkIdOfPath(new URL(value, 'http://site.invalid').pathname.replace(/\/?$/, '/'));
  } catch {
    return null;
  }
}

export const confirmToken = (secret: string, row: Pick<q.TakedownRow, 'id' | 'email' | 'created'>) =>
  signParts(secret, PURPOSE, row.id, row.email, row.created.getTime());
const confirmLink = (config: Config, row: q.TakedownRow) =>
  `${siteOrigin(config)}/about/takedown/confirm/?n=${row.id}&t=${confirmToken(config.SECRET_KEY, row)}`;

/** `POST /api/v1/takedowns/`: the notice is kept unconfirmed and its confirmation link mailed to the address given. */
export async function submitTakedown(deps: Deps, body: Required<TakedownBody>, lang: Lang) {
  const artworkId = artworkOfUrl(body.work_url);
  const work = artworkId === null ? null : await q.findNamedArtwork(deps.db, artworkId);
  if (!work || work.draft) throw badRequest({ work_url: 'takedown.url_not_artwork' });
  return deps.db.transaction(async (tx) => {
    const row = await q.insertTakedown(tx, {
      name: body.name,
      email: body.email.toLowerCase(),
      workUrl: body.work_url,
      artworkId: work.id,
      uploaderId: work.authorId,
      original: body.original,
      goodFaith: body.good_faith,
      language: lang,
    });
    const mail = catalogueMail(lang, 'takedown.mail.confirm', {
      site: deps.config.SITE_NAME,
      name: row.name,
      work: row.workUrl,
      hours: String(TAKEDOWN_CONFIRM_HOURS),
      url: confirmLink(deps.config, row),
    });
    await queueMail(tx, { to: row.email, ...mail }, { key: `mail:takedown-confirm:${row.id}` });
    return { id: row.id, status: row.status };
  });
}

/**
 * `POST /api/v1/takedowns/{id}/confirm/` with the mailed token: the notice takes effect (a second confirmation
 * answers the state it is in). A wrong or expired token is a 400 under `token`.
 */
export async function confirmTakedown(deps: Deps, id: number, token: string, now = new Date()) {
  return deps.db.transaction(async (tx) => {
    const row = await q.lockTakedown(tx, id);
    if (!row || !verifyParts(deps.config.SECRET_KEY, token, PURPOSE, row.id, row.email, row.created.getTime())) {
      throw badRequest({ token: 'takedown.link_invalid' });
    }
    if (row.status !== 'unconfirmed') return { id: row.id, status: row.status };
    if (now.getTime() - row.created.getTime() > TAKEDOWN_CONFIRM_HOURS * HOUR_MS) throw badRequest({ token: 'takedown.link_invalid' });
    const expiresAt = new Date(now.getTime() + TAKEDOWN_MEASURE_DAYS * 24 * HOUR_MS);
    const after = await q.updateTakedown(tx, row.id, { status: 'active', confirmedAt: now, expiresAt });
    await enqueue(tx, EXPIRE_JOB, { takedown: row.id }, { key: `${EXPIRE_JOB}:${row.id}`, runAt: expiresAt });
    if (row.artworkId) await hideWork(tx, deps.config, after, row.artworkId);
    return { id: after.id, status: after.status };
  });
}

/** The temporary measure: the work hidden (unless staff hid it already), audit-logged, its uploader told and mailed. */
async function hideWork(tx: Executor, config: Config, row: q.TakedownRow, artworkId: number) {
  const [work] = await tx
    .select({ id: artworks.id, title: artworks.title, state: artworks.moderationState, authorId: artworks.authorId })
    .from(artworks)
    .where(eq(artworks.id, artworkId))
    .for('update');
  if (!work) return;
  if (work.state !== 'hidden') {
    await tx.update(artworks).set({ moderationState: 'hidden', moderationReason: TAKEDOWN_REASON }).where(eq(artworks.id, work.id));
  }
  await recordAudit(tx, { actor: SYSTEM, action: 'takedown_hide', target: 'artwork', targetId: work.id, note: `notice ${row.id}` });
  await notify(tx, { userId: work.authorId, type: 'takedown', artworkId: work.id, key: `takedown:${row.id}` });
  const [uploader] = await tx.select({ name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.id, work.authorId));
  if (!uploader) return;
  const lang = asLang(uploader.language);
  const mail = catalogueMail(lang, 'takedown.mail.notice', {
    site: config.SITE_NAME,
    name: uploader.name,
    artwork: work.title,
    date: (row.expiresAt ?? new Date()).toLocaleDateString(lang === 'en' ? 'en-GB' : 'ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long' }),
    url: `${siteOrigin(config)}${noticesPath(work.id)}`,
  });
  await queueMail(tx, { to: uploader.email, ...mail }, { key: `mail:takedown-notice:${row.id}` });
}

/** `GET /api/v1/artworks/{id}/takedowns/`: the confirmed notices of a work, to its uploader and staff. */
export async function noticesOf(deps: { db: Db }, viewer: UserRow, artworkId: number) {
  const work = await q.findNamedArtwork(deps.db, artworkId);
  if (!work) throw notFound();
  if (work.authorId !== viewer.id && !viewer.isStaff) throw forbidden();
  const rows = await q.noticesOfArtwork(deps.db, artworkId);
  const named = await q.namedWorks(deps.db, rows);
  return rows.map((r) => presentTakedown(r, named));
}

/** `POST /api/v1/takedowns/{id}/counter/`: the uploader's one counter-notice, while the measure is in place. */
export async function counterNotice(deps: { db: Db }, viewer: UserRow, id: number, text: string) {
  return deps.db.transaction(async (tx) => {
    const row = await q.lockTakedown(tx, id);
    if (!row || row.status === 'unconfirmed') throw notFound();
    if (row.uploaderId !== viewer.id) throw forbidden();
    if (row.status === 'countered') throw badRequest({ non_field_errors: 'takedown.countered_already' });
    if (row.status !== 'active') throw badRequest({ non_field_errors: 'takedown.not_open' });
    const after = await q.updateTakedown(tx, row.id, { status: 'countered', counterText: text, counteredAt: new Date() });
    return presentTakedown(after, await q.namedWorks(tx, [after]));
  });
}

/** `GET /api/v1/admin/takedowns/`: open (measure in place) or decided notices, oldest first (staff). */
export async function listTakedowns(deps: { db: Db }, status: 'open' | 'decided', page: { limit: number; offset: number }) {
  const { rows, count } = await q.pageOfTakedowns(deps.db, status === 'open' ? q.OPEN : q.DECIDED, page.limit, page.offset);
  const named = await q.namedWorks(deps.db, rows);
  return { count, results: rows.map((r) => presentStaffTakedown(r, named)) };
}

/** Ends the measure: the work shows again (or stays held by an open repost hold) unless another notice still hides it. */
async function liftMeasure(tx: Executor, row: q.TakedownRow) {
  if (!row.artworkId || (await q.otherOpenNotice(tx, row.artworkId, row.id))) return;
  await tx
    .update(artworks)
    .set(await stateAfterMeasure(tx, row.artworkId))
    .where(and(eq(artworks.id, row.artworkId), eq(artworks.moderationState, 'hidden'), eq(artworks.moderationReason, TAKEDOWN_REASON)));
}

/** The rights holder's mail of the outcome, in the language they wrote in. */
async function mailOutcome(tx: Executor, config: Config, row: q.TakedownRow, outcome: 'removed' | 'restored' | 'expired') {
  const mail = catalogueMail(asLang(row.language), `takedown.mail.${outcome}`, { site: config.SITE_NAME, work: row.workUrl });
  await queueMail(tx, { to: row.email, ...mail }, { key: `mail:takedown-outcome:${row.id}` });
}

/**
 * `PATCH /api/v1/admin/takedowns/{id}/` (staff): `remove` deletes the work for good with its files; `restore` ends
 * the measure. Audit-logged in the same transaction; the rights holder is mailed the outcome.
 */
export async function decideTakedown(deps: Deps & CleanupDeps, staff: UserRow, id: number, body: { decision: 'remove' | 'restore'; note: string }) {
  return deps.db.transaction(async (tx) => {
    const row = await q.lockTakedown(tx, id);
    if (!row || row.status === 'unconfirmed') throw notFound();
    if (!q.OPEN.includes(row.status)) throw badRequest({ non_field_errors: 'takedown.not_open' });
    const status = body.decision === 'remove' ? 'removed' : 'restored';
    const after = await q.updateTakedown(tx, row.id, { status, decision: body.decision, note: body.note, decidedAt: new Date() });
    await recordAudit(tx, { actor: staff, action: `takedown_${body.decision}`, target: 'artwork', targetId: row.artworkId ?? 0, note: body.note });
    if (body.decision === 'restore') await liftMeasure(tx, row);
    else if (row.artworkId) await deleteArtworkAndFiles(tx, deps, row.artworkId);
    await mailOutcome(tx, deps.config, row, status);
    return presentStaffTakedown(after, await q.namedWorks(tx, [after]));
  });
}

/** The `takedowns.expire` job: a measure still in place at its end is lifted (the policy's step 5), audit-logged. */
export async function expireTakedown(deps: Deps, id: number, now = new Date()): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await q.lockTakedown(tx, id);
    if (!row || !q.OPEN.includes(row.status) || !row.expiresAt || row.expiresAt > now) return false;
    await q.updateTakedown(tx, row.id, { status: 'expired', decidedAt: now });
    await recordAudit(tx, { actor: SYSTEM, action: 'takedown_expire', target: 'artwork', targetId: row.artworkId ?? 0, note: `notice ${row.id}` });
    await liftMeasure(tx, row);
    await mailOutcome(tx, deps.config, row, 'expired');
    return true;
  });
}
