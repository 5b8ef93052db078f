import type { ExportState } from '@axoo/contract';
import type { Db } from '../../../../db/client.ts';
import type { Deps } from '../../../../deps.ts';
import { inviteExports } from '../../../../db/schema/index.ts';
import { type CsvCell, csvLines } from '../../../../http/csv.ts';
import { badRequest } from '../../../../http/errors.ts';
import { signParts, verifyParts } from '../../../../http/signed.ts';
import { enqueue } from '../../../../jobs/queue.ts';
import { type ArchiveEntry, storedEntry, textEntry, writeArchive } from '../../../../media/archive.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import * as shared from '../queries.ts';
import * as q from './queries.ts';
import { requireAccess } from '../service.ts';
import { rankingOf } from '../rounds/service.ts';

/**
 * The juror pack (issue #16): a ZIP of every submission's frozen images (original files, `<submission>-<n>.<ext>`),
 * a CSV of the applicants' answers, a CSV of the scores per juror and criterion (a juror's scores of an entry they
 * declared a conflict with are left out, issue #33.3) and a CSV of each round's ranking with its mean and normalised
 * score (issue #33.4), made by a job on the durable
 * queue (its progress stored in invite_exports) and streamed into a private object; only the owner and staff,
 * holding the signed link, download it.
 */
export const PACK_JOB = 'judging.pack';

const extensionOf = (key: string) => {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(key);
  return m ? m[1].toLowerCase() : 'bin';
};

const downloadToken = (secret: string, inviteId: number, key: string) => signParts(secret, 'juror-pack', inviteId, key);

export async function requestPack(db: Db, viewer: UserRow | null, inviteId: number): Promise<ExportState> {
  const { invite } = await requireAccess(db, viewer, inviteId, 'manage');
  const current = await q.findExport(db, invite.id);
  // One pack at a time: asking again while one is being made answers its progress.
  if (current && (current.status === 'queued' || current.status === 'running')) return presentPack(current, '', '');
  return db.transaction(async (tx) => {
    const row = await q.startExport(tx, invite.id);
    await enqueue(tx, PACK_JOB, { invite: invite.id, requested: row.requested.toISOString() }, { maxAttempts: 2 });
    return presentPack(row, '', '');
  });
}

export async function getPack(deps: Pick<Deps, 'db' | 'config'>, viewer: UserRow | null, inviteId: number, siteUrl: string): Promise<ExportState> {
  const { invite } = await requireAccess(deps.db, viewer, inviteId, 'manage');
  const row = await q.findExport(deps.db, invite.id);
  return presentPack(row, deps.config.SECRET_KEY, siteUrl);
}

function presentPack(row: shared.ExportRow | undefined, secret: string, siteUrl: string): ExportState {
  if (!row) return { status: 'none', done: 0, total: 0, url: null };
  const url =
    row.status === 'done' && secret ? `${siteUrl}/api/v1/invites/${row.inviteId}/export/download/?token=${downloadToken(secret, row.inviteId, row.key)}` : null;
  return { status: row.status, done: row.done, total: row.total, url };
}

/** The download: the route has the owner or staff; the token must name the pack that exists now. */
export async function packForDownload(deps: Pick<Deps, 'db' | 'config'>, viewer: UserRow | null, inviteId: number, token: string) {
  const { invite } = await requireAccess(deps.db, viewer, inviteId, 'manage');
  const row = await q.findExport(deps.db, invite.id);
  if (row?.status !== 'done' || !verifyParts(deps.config.SECRET_KEY, token, 'juror-pack', invite.id, row.key))
    throw badRequest({ token: 'judging.export_not_ready' });
  return { key: row.key, filename: `juror-pack-${invite.id}.zip` };
}

/** The job: writes the archive entry by entry, storing progress after each. */
export async function buildPack(deps: Pick<Deps, 'db' | 'storage'>, inviteId: number) {
  const { db, storage } = deps;
  const [submissions, questions, answers, invite] = await Promise.all([
    q.packSubmissions(db, inviteId),
    q.packQuestions(db, inviteId),
    q.packAnswers(db, inviteId),
    shared.findInvite(db, inviteId),
  ]);
  if (!invite) return;
  const images: ArchiveEntry[] = [];
  for (const s of submissions) {
    const keys = s.snapshot ? (s.snapshot.images.length ? s.snapshot.images : [s.snapshot.cover].filter(Boolean)) : [];
    for (const [i, key] of keys.entries()) images.push(storedEntry(storage, `images/${s.application.id}-${i + 1}.${extensionOf(key)}`, key));
  }
  const reveal = invite.revealNames;
  const answerRows = submissions.map((s) => [
    s.application.id,
    s.snapshot?.title ?? '',
    s.application.created,
    ...(reveal ? [s.artistName] : []),
    s.application.selected,
    ...questions.map((question) => answers.find((a) => a.applicationId === s.application.id && a.questionId === question.id)?.answer ?? ''),
  ]);
  const answersCsv = textEntry(
    'answers.csv',
    csvLines(['submission', 'title', 'submitted', ...(reveal ? ['artist'] : []), 'selected', ...questions.map((x) => x.question)], answerRows),
  );
  const scoresCsv = textEntry(
    'scores.csv',
    (async function* () {
      const rows = await q.packScores(db, inviteId);
      yield* csvLines(
        ['round', 'submission', 'juror', 'juror_removed', 'criterion_ko', 'criterion_en', 'score', 'comment'],
        rows.map((r) => [r.round, r.applicationId, r.juror, r.removed !== null, r.criterionKo, r.criterionEn, r.score, r.comment]),
      );
    })(),
  );
  const rankingCsv = textEntry(
    'ranking.csv',
    (async function* () {
      const rows: CsvCell[][] = [];
      for (const { round, shortlist } of await shared.listRounds(db, inviteId)) {
        const ranking = await rankingOf(db, invite, round, shortlist);
        for (const [i, r] of ranking.results.entries())
          rows.push([round.number, i + 1, r.application, r.title, r.mean ?? '', r.normalized ?? '', r.sd ?? '', r.jurors, r.scores, r.conflicts]);
      }
      yield* csvLines(['round', 'rank', 'submission', 'title', 'mean', 'normalized', 'sd', 'jurors', 'scores', 'conflicts'], rows);
    })(),
  );
  const entries = [...images, answersCsv, scoresCsv, rankingCsv];
  const key = `private/juror-packs/${inviteId}/${Date.now()}.zip`;
  await q.updateExport(db, inviteId, { status: 'running', total: entries.length, done: 0 });
  let last = 0;
  await writeArchive(storage, key, entries, async (done) => {
    // At most one progress write per percent, and always the last one.
    if (done === entries.length || done - last >= Math.max(1, Math.floor(entries.length / 100))) {
      last = done;
      await q.updateExport(db, inviteId, { done });
    }
  });
  const previous = await q.findExport(db, inviteId);
  const stored = await q.updateExport(db, inviteId, { status: 'done', done: entries.length, key, finished: new Date() }).returning({ key: inviteExports.key });
  // The invite went while the pack was written: nothing names the pack any more, so it goes too (issue #13).
  if (!stored.length) return void (await storage.delete(key));
  if (previous?.key && previous.key !== key) await storage.delete(previous.key);
}
