import type { Hold, HoldStatus } from '@axoo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { artworks } from '../../db/schema/index.ts';
import { deleteArtworkAndFiles } from '../../domain/moderation/removal.ts';
import { recordAudit } from '../../domain/moderation/audit.ts';
import { fileReport } from '../../domain/moderation/reports.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { CleanupDeps } from '../../media/cleanup.ts';
import { type HoldRole, presentHold } from './present.ts';
import * as q from './queries.ts';

type HoldDeps = { db: Db };

/** Who the viewer is to this hold: its uploader, an artist of a matched work, staff, or nobody (null). */
function roleOf(viewer: UserRow, hold: q.HoldRow, matches: q.MatchRow[]): HoldRole | null {
  if (viewer.id === hold.uploaderId) return 'uploader';
  if (matches.some((m) => m.author.id === viewer.id)) return 'original';
  return viewer.isStaff ? 'staff' : null;
}

/** The hold as the viewer reads it, with their role; 403 for anyone who is not a party or staff. */
async function holdFor(db: Executor, viewer: UserRow, hold: q.HoldRow): Promise<{ hold: Hold; role: HoldRole }> {
  const [matches, [work]] = await Promise.all([q.matchesOf(db, [hold.id]), q.heldWorks(db, [hold.artworkId])]);
  const role = roleOf(viewer, hold, matches);
  if (!role) throw forbidden();
  if (!work) throw notFound();
  return { hold: presentHold(hold, work, matches, role, viewer), role };
}

/** `GET /api/v1/artworks/{id}/hold/`: the artwork's latest hold (404 when it never was held). */
export async function artworkHold(deps: HoldDeps, viewer: UserRow, artworkId: number): Promise<Hold> {
  const hold = await q.latestHoldOf(deps.db, artworkId);
  if (!hold) throw notFound();
  return (await holdFor(deps.db, viewer, hold)).hold;
}

/** The open hold the viewer acts on in their role, locked in the transaction (400 once decided). */
async function openHold(tx: Executor, viewer: UserRow, id: number, role: HoldRole) {
  const hold = await q.lockHold(tx, id);
  if (!hold) throw notFound();
  const seen = await holdFor(tx, viewer, hold);
  if (seen.role !== role) throw forbidden();
  if (hold.status !== 'held') throw badRequest({ non_field_errors: 'hold.not_open' });
  return hold;
}

/** `POST /api/v1/holds/{id}/explanation/`: the uploader explains (kept for staff; a later one replaces it). */
export async function explain(deps: HoldDeps, viewer: UserRow, id: number, text: string): Promise<Hold> {
  return deps.db.transaction(async (tx) => {
    const hold = await openHold(tx, viewer, id, 'uploader');
    await q.decideHold(tx, hold.id, { explanation: text, explainedAt: new Date() });
    return (await holdFor(tx, viewer, { ...hold, explanation: text })).hold;
  });
}

/** Ends a hold: released (the work shows, unless another measure hides it) or removed (the work is erased). */
async function endHold(tx: Executor, hold: q.HoldRow, values: Partial<q.HoldRow>) {
  await q.decideHold(tx, hold.id, { ...values, decidedAt: new Date() });
  if (values.status === 'released') {
    await tx
      .update(artworks)
      .set({ moderationState: 'none', moderationReason: '' })
      .where(and(eq(artworks.id, hold.artworkId), eq(artworks.moderationState, 'held')));
  }
}

/**
 * `POST /api/v1/holds/{id}/answer/`: a matched artist answers. `allowed` ("mine, I allowed it") releases the hold
 * once every matched artist allowed it; `report` files a report of the held work (reason `stolen`) through the one
 * report model, which staff see in their queue. Either is recorded in the audit log under the artist's name.
 */
export async function answer(deps: HoldDeps, viewer: UserRow, id: number, body: { answer: 'allowed' | 'report'; detail: string }): Promise<Hold> {
  return deps.db.transaction(async (tx) => {
    const hold = await openHold(tx, viewer, id, 'original');
    if (body.answer === 'report') {
      const report = await fileReport(tx, viewer, {
        target: 'artwork',
        targetId: hold.artworkId,
        reporterId: viewer.id,
        reason: 'stolen',
        detail: body.detail,
      });
      await q.answerMatch(tx, hold.id, viewer.id, 'reported', report.id);
    } else {
      await q.answerMatch(tx, hold.id, viewer.id, 'allowed');
      const matches = await q.matchesOf(tx, [hold.id]);
      if (matches.every((m) => m.answer === 'allowed')) await endHold(tx, hold, { status: 'released', releasedBy: 'original' });
    }
    await recordAudit(tx, {
      actor: viewer,
      action: body.answer === 'report' ? 'hold_reported' : 'hold_allowed',
      target: 'artwork',
      targetId: hold.artworkId,
      note: body.detail,
    });
    const after = await q.findHold(tx, hold.id);
    return (await holdFor(tx, viewer, after ?? hold)).hold;
  });
}

/** `GET /api/v1/admin/holds/`: holds of one status, oldest first, each with both images (staff). */
export async function listHolds(deps: HoldDeps, staff: UserRow, status: HoldStatus, page: { limit: number; offset: number }) {
  const { rows, count } = await q.pageOfHolds(deps.db, status, page.limit, page.offset);
  const [matches, works] = await Promise.all([
    q.matchesOf(
      deps.db,
      rows.map((r) => r.id),
    ),
    q.heldWorks(
      deps.db,
      rows.map((r) => r.artworkId),
    ),
  ]);
  const workOf = new Map(works.map((w) => [w.id, w]));
  const results = rows.flatMap((hold) => {
    const work = workOf.get(hold.artworkId);
    return work
      ? [
          presentHold(
            hold,
            work,
            matches.filter((m) => m.holdId === hold.id),
            'staff',
            staff,
          ),
        ]
      : [];
  });
  return { count, results };
}

/**
 * `PATCH /api/v1/admin/holds/{id}/` (staff): `release` shows the work (its originals count as cleared for it from
 * then on); `remove` deletes it for good with its files (the hold goes with it). Audit-logged in the same transaction.
 */
export async function decide(deps: HoldDeps & CleanupDeps, staff: UserRow, id: number, body: { decision: 'release' | 'remove'; note: string }) {
  return deps.db.transaction(async (tx) => {
    const hold = await q.lockHold(tx, id);
    if (!hold) throw notFound();
    if (hold.status !== 'held') throw badRequest({ non_field_errors: 'hold.not_open' });
    await recordAudit(tx, { actor: staff, action: `hold_${body.decision}`, target: 'artwork', targetId: hold.artworkId, note: body.note });
    if (body.decision === 'release') {
      await endHold(tx, hold, { status: 'released', releasedBy: 'staff', note: body.note });
      return { id: hold.id, status: 'released' as const };
    }
    await endHold(tx, hold, { status: 'removed', note: body.note });
    await deleteArtworkAndFiles(tx, deps, hold.artworkId);
    return { id: hold.id, status: 'removed' as const };
  });
}
