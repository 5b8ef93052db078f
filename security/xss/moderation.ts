import { takedownBodySchema } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import { artworks, invites, repostHoldMatches, repostHolds, takedowns } from '../../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, type UserRow } from '../../apps/api/test/factories.ts';
import type { Payload } from './corpus.ts';
import { type ChunkParts, startJudging, type Writer } from './newest.ts';

/**
 * Issues #31, #33 and #34's user-written fields in the stored-XSS corpus: a report's detail (staff's queue), staff's
 * action note (the owner's decisions and the audit log), the owner's appeal (the console's appeals), a takedown
 * notice's name and described original and the uploader's counter-notice (the console and the uploader's notices
 * page), a repost hold's explanation (the console and the uploader's hold page), the jury's shareable feedback (the
 * applicant's call page and feedback page) and a project's watermark text (the editor; the public image is a PNG).
 * Public vote rounds carry no text of anyone's (`POST /invite-rounds/` takes ids, a count and dates), so none is here.
 */

export interface ModerationPages {
  /** The owner of the reported, noticed and held work: decisions, notices and holds. */
  owner: UserRow;
  /** The reports the owner reads a decision of (`/moderation/{id}/`). */
  decisions: number[];
  /** The owner's work under takedown notices (`/notices/{artworkId}/`). */
  noticed: number;
  /** The owner's held work (`/holds/{artworkId}/`). */
  held: number[];
  /** The call whose released feedback each applicant reads, and their entries. */
  feedback: { invite: number; entries: { user: UserRow; application: number }[] };
  /** The drafts whose watermark carries a payload, all of one artist (its editor pages). */
  watermarks: { user: UserRow; drafts: number[] };
}

export interface ModerationParts extends ChunkParts {
  /** The chunk's share of the short payloads (the watermark is at most 60 characters). */
  short: Payload[];
}

/**
 * Reports with a detail each, filed by the chunk's artists against fresh work of the owner's; staff warn with a note
 * (the action resolves the report); the owner appeals. Every report is its own action, so each note and appeal is kept.
 */
async function writeReports(w: Writer, p: ModerationParts): Promise<number[]> {
  const details = w.pack('report detail', p.list, 1000, '\n');
  const notes = w.pack('action note', p.list, 1000, '\n');
  const appeals = w.pack('appeal text', p.list, 2000, '\n');
  const staff = await w.as(p.staff);
  const owner = await w.as(p.users[0]);
  const reports: number[] = [];
  for (let k = 0; k < Math.max(details.length, notes.length, appeals.length); k++) {
    const work = await buildArtwork(p.db, p.users[0], { title: `Reported work ${p.c}.${k}` });
    const reporter = await w.as(p.users[k + 1]);
    const filed = await reporter.send('POST', '/api/v1/reports/', { target: 'artwork', target_id: work.id, reason: 'other', detail: details[k]?.value ?? '' });
    if (details[k]) w.expectWritten('report detail', filed, details[k].count);
    if (filed.status >= 300) throw new Error(`could not file a report: ${filed.status} ${JSON.stringify(filed.body)}`);
    const id = filed.body?.id as number;
    const acted = await staff.send('PATCH', `/api/v1/admin/reports/${id}/`, { action: 'warn', note: notes[k]?.value ?? '' });
    if (notes[k]) w.expectWritten('action note', acted, notes[k].count);
    if (acted.status >= 300) throw new Error(`staff could not act on a report: ${acted.status} ${JSON.stringify(acted.body)}`);
    if (appeals[k]) w.expectWritten('appeal text', await owner.send('POST', '/api/v1/appeals/', { report: id, text: appeals[k].value }), appeals[k].count);
    reports.push(id);
  }
  return reports;
}

/**
 * Takedown notices of one of the owner's works, and the owner's counter-notice to each. A rights holder's notice is
 * taken 5 an hour per address (`TAKEDOWN_LIMITS`), far fewer than the corpus needs, so each notice is checked with the
 * route's own schema (`takedownBodySchema`; a refusal counts as refused) and stored as a confirmed notice would be;
 * the counter-notices go through the API as the uploader.
 */
async function writeTakedowns(w: Writer, p: ModerationParts): Promise<number> {
  const names = w.pack('takedown name', p.list, 150);
  const originals = w.pack('takedown original', p.list, 2000, '\n');
  const counters = w.pack('counter-notice', p.list, 2000, '\n');
  const work = await buildArtwork(p.db, p.users[0], { title: `Noticed work ${p.c}` });
  const owner = await w.as(p.users[0]);
  for (let k = 0; k < Math.max(names.length, originals.length, counters.length); k++) {
    const body = {
      name: names[k]?.value ?? `Rights Holder ${p.c}.${k}`,
      email: `holder${p.c}.${k}@example.com`,
      work_url: `/artwork/${work.id}/`,
      original: originals[k]?.value ?? `My own work ${p.c}.${k}`,
      good_faith: true,
    };
    const checked = takedownBodySchema.safeParse(body);
    const answer = { status: checked.success ? 201 : 400, body: null };
    if (names[k]) w.expectWritten('takedown name', answer, names[k].count);
    if (originals[k]) w.expectWritten('takedown original', answer, originals[k].count);
    if (!checked.success) continue;
    const [row] = await p.db.db
      .insert(takedowns)
      .values({
        name: checked.data.name,
        email: checked.data.email,
        workUrl: checked.data.work_url,
        original: checked.data.original,
        goodFaith: true,
        artworkId: work.id,
        uploaderId: p.users[0].id,
        language: 'en',
        status: 'active',
        confirmedAt: new Date(),
        expiresAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning();
    if (counters[k]) {
      const res = await owner.send('POST', `/api/v1/takedowns/${row.id}/counter/`, { text: counters[k].value, good_faith: true });
      w.expectWritten('counter-notice', res, counters[k].count);
    }
  }
  return work.id;
}

/**
 * Repost holds on fresh work of the owner's (a hold is made by the publishing check, from a near copy: stored here as
 * it would store it, matched to another artist's work), each explained by the owner through the API.
 */
async function writeHolds(w: Writer, p: ModerationParts): Promise<number[]> {
  const owner = await w.as(p.users[0]);
  const held: number[] = [];
  for (const [k, text] of w.pack('hold explanation', p.list, 2000, '\n').entries()) {
    const work = await buildArtwork(p.db, p.users[0], { title: `Held work ${p.c}.${k}` });
    await p.db.db.update(artworks).set({ moderationState: 'held', moderationReason: 'possible_repost' }).where(eq(artworks.id, work.id));
    const [hold] = await p.db.db.insert(repostHolds).values({ artworkId: work.id, uploaderId: p.users[0].id }).returning();
    const [original] = await p.db.db.select({ id: artworks.id, cover: artworks.cover }).from(artworks).where(eq(artworks.id, p.artworks[1]));
    await p.db.db.insert(repostHoldMatches).values({
      holdId: hold.id,
      imageKey: work.cover,
      originalId: original.id,
      originalAuthorId: p.users[1].id,
      originalImage: original.cover,
      dhashBits: 2,
      phashBits: 3,
    });
    w.expectWritten('hold explanation', await owner.send('POST', `/api/v1/holds/${hold.id}/explanation/`, { text: text.value }), text.count);
    held.push(work.id);
  }
  return held;
}

/**
 * A call judged to its results: the chunk's artists enter fresh work, a juror writes shareable comments, the call
 * reaches selection and the brand releases the feedback each applicant then reads (issue #33.5).
 */
async function writeFeedback(w: Writer, p: ModerationParts): Promise<ModerationPages['feedback']> {
  const comments = w.pack('jury feedback', p.list, 2000, '\n');
  const closed = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const call = await (await w.as(p.staff)).send('POST', '/api/v1/invites/', { owner: p.brand.id, status: 'ongoing', closed, title: `XSS feedback ${p.c}` });
  if (call.status >= 300) throw new Error(`could not start the feedback call: ${call.status} ${JSON.stringify(call.body)}`);
  const invite = call.body?.id as number;
  const entries: ModerationPages['feedback']['entries'] = [];
  for (let e = 0; e < Math.max(1, comments.length); e++) {
    const user = p.users[e + 1];
    const work = await buildArtwork(p.db, user, { title: `Entry ${p.c}.${e}` });
    const res = await (await w.as(user)).send('POST', '/api/v1/invite-applications/', { invite, artwork: work.id });
    if (res.status >= 300) throw new Error(`could not enter the feedback call: ${res.status} ${JSON.stringify(res.body)}`);
    entries.push({ user, application: res.body?.id as number });
  }
  const jurorApi = await w.as(await startJudging(p.db, invite, `XSS Feedback Juror ${p.c}`));
  for (const [e, comment] of comments.entries()) {
    const res = await jurorApi.send('POST', '/api/v1/invite-reviews/', { application: entries[e].application, comment: comment.value, shareable: true });
    w.expectWritten('jury feedback', res, comment.count);
  }
  await p.db.db.update(invites).set({ status: 'selection' }).where(eq(invites.id, invite));
  const released = await (await w.as(p.brand)).send('POST', `/api/v1/invites/${invite}/feedback/release/`, {});
  if (released.status >= 300) throw new Error(`could not release the feedback: ${released.status} ${JSON.stringify(released.body)}`);
  return { invite, entries };
}

/** One draft per payload that fits a watermark (60 characters), all of one artist, so their editors are read together. */
async function writeWatermarks(w: Writer, p: ModerationParts): Promise<ModerationPages['watermarks']> {
  const user = await buildPremium(p.db, { name: `XSS Watermarker ${p.c}` });
  const api = await w.as(user);
  const drafts: number[] = [];
  for (const text of w.pack('watermark text', [...p.list, ...p.short], 60)) {
    const work = await buildArtwork(p.db, user, { draft: true, title: `Watermarked ${p.c}.${drafts.length}` });
    const res = await api.send('PUT', `/api/v1/artworks/${work.id}/`, { watermark: { text: text.value, position: 'bottom-right', opacity: 0.6 } });
    if (w.expectWritten('watermark text', res, text.count)) drafts.push(work.id);
  }
  return { user, drafts };
}

export async function writeModeration(w: Writer, p: ModerationParts): Promise<ModerationPages> {
  const decisions = await writeReports(w, p);
  const noticed = await writeTakedowns(w, p);
  const held = await writeHolds(w, p);
  const feedback = await writeFeedback(w, p);
  const watermarks = await writeWatermarks(w, p);
  return { owner: p.users[0], decisions, noticed, held, feedback, watermarks };
}
