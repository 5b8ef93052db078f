import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inviteJurors, invites } from '../../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, buildUser, type UserRow } from '../../apps/api/test/factories.ts';
import type { Payload } from './corpus.ts';

/**
 * Issue #29 point 6: the newest user-written fields in the stored-XSS corpus: inbox subjects and messages, an artist's
 * hire note and rates, rubric criteria's names and descriptions, jurors' comments, the pages of a brand's own call
 * (read by staff while under review), and the notifications that name whoever wrote (a message's sender).
 */

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}
type Send = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** What xss.test.ts lends: a client per user, the tally of each field, and the packing of payloads into values. */
export interface Writer {
  as(user: UserRow): Promise<{ send: Send }>;
  expectWritten(field: string, res: Answer, payloads: number): boolean;
  pack(field: string, payloads: Payload[], max: number, sep?: string): { value: string; count: number }[];
  tally(field: string, what: 'stored' | 'refused' | 'tooLong', n?: number): void;
}

/** Pages that show what this chunk wrote, for the visits. */
export interface NewestPages {
  /** Profiles carrying a hire note and rates. */
  hirers: UserRow[];
  /** The recipient of the chunk's conversations (their inbox and notifications), and the threads with messages. */
  inbox: { user: UserRow; threads: number[] };
  /** Calls whose judging tab shows the rubric (the brand's). */
  rubrics: number[];
  /** A juror and the call they judge, with how many entries carry comments. */
  jury: { user: UserRow; invite: number; entries: number };
  /** The brand's own call under review, its page written by the brand. */
  review: number;
  /** A user whose notifications name the chunk's artists. */
  noticed: UserRow;
}

export interface ChunkParts {
  c: number;
  list: Payload[];
  users: UserRow[];
  artworks: number[];
  brand: UserRow;
  staff: UserRow;
  /** A call of the brand's own, sent back under review. */
  returned: number;
  db: FastifyInstance;
}

const CRITERIA_PER_CALL = 8;

/** Hire note and rates, on as many of the chunk's artists as the values need. */
async function writeHire(w: Writer, p: ChunkParts): Promise<UserRow[]> {
  const notes = w.pack('profile hire note', p.list, 300);
  const rates = w.pack('profile hire rates', p.list, 300);
  const hirers: UserRow[] = [];
  for (let u = 0; notes[u] || rates[u]; u++) {
    const user = p.users[u];
    const res = await (await w.as(user)).send('PUT', `/api/v1/users/${user.id}/`, {
      available_for_hire: 'freelance',
      hire_note: notes[u]?.value ?? '',
      hire_rates: rates[u]?.value ?? '',
    });
    if (notes[u]) w.expectWritten('profile hire note', res, notes[u].count);
    if (rates[u]) w.expectWritten('profile hire rates', res, rates[u].count);
    hirers.push(user);
  }
  return hirers;
}

/**
 * Each of the chunk's other artists writes to its first one, under a subject; the messages' bodies carry the chunk
 * too. The recipient's notices name each sender (a hostile name).
 */
async function writeInbox(w: Writer, p: ChunkParts): Promise<NewestPages['inbox']> {
  const recipient = p.users[0];
  const subjects = w.pack('inbox subject', p.list, 150);
  const bodies = w.pack('inbox message', p.list, 2000, '\n');
  const threads: number[] = [];
  const count = Math.min(Math.max(subjects.length, bodies.length), p.users.length - 1);
  for (let k = 0; k < count; k++) {
    const sender = p.users[k + 1];
    const res = await (await w.as(sender)).send('POST', '/api/v1/conversations/', {
      artist: recipient.id,
      subject: subjects[k]?.value ?? `About your work ${p.c}.${k}`,
      body: bodies[k]?.value ?? `Hello ${p.c}.${k}, about your work.`,
    });
    if (subjects[k]) w.expectWritten('inbox subject', res, subjects[k].count);
    if (bodies[k]) w.expectWritten('inbox message', res, bodies[k].count);
    if (bodies[k] && res.status < 300) threads.push(res.body?.id as number);
  }
  // Replies from the recipient carry what did not fit the first messages.
  for (const [k, body] of bodies.slice(count).entries()) {
    const res = await (await w.as(recipient)).send('POST', `/api/v1/conversations/${threads[k % threads.length]}/messages/`, { body: body.value });
    w.expectWritten('inbox message', res, body.count);
  }
  return { user: recipient, threads };
}

/**
 * Rubrics: as many calls of the brand's as the criteria need (8 a call), names in both languages and descriptions.
 * The first call is then judged: the chunk's artists apply, it goes under examination, a juror comments on each entry.
 */
async function writeJudging(w: Writer, p: ChunkParts): Promise<Pick<NewestPages, 'rubrics' | 'jury'>> {
  const names = w.pack('rubric criterion name', p.list, 100);
  const descriptions = w.pack('rubric criterion description', p.list, 1000, '\n');
  const comments = w.pack('juror comment', p.list, 2000, '\n');
  const staff = await w.as(p.staff);
  const brand = await w.as(p.brand);
  const closed = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const rubrics: number[] = [];
  const criteria = Math.max(names.length, descriptions.length, 1);
  for (let k = 0; k < criteria; k++) {
    if (k % CRITERIA_PER_CALL === 0) {
      const call = await staff.send('POST', '/api/v1/invites/', { owner: p.brand.id, status: 'ongoing', closed, title: `XSS rubric ${p.c}.${k}` });
      if (call.status >= 300) throw new Error(`could not start a rubric call: ${call.status} ${JSON.stringify(call.body)}`);
      rubrics.push(call.body?.id as number);
    }
    const name = names[k]?.value ?? `Criterion ${k}`;
    const res = await brand.send('POST', '/api/v1/invite-criteria/', {
      invite: rubrics[rubrics.length - 1],
      name_ko: name,
      name_en: name,
      description: descriptions[k]?.value ?? '',
      weight: 1 + (k % 3),
    });
    if (names[k]) w.expectWritten('rubric criterion name', res, names[k].count);
    if (descriptions[k]) w.expectWritten('rubric criterion description', res, descriptions[k].count);
  }
  const judged = rubrics[0];
  const entries = Math.max(1, comments.length);
  const applications: number[] = [];
  for (let e = 0; e < entries; e++) {
    const res = await (await w.as(p.users[e + 1])).send('POST', '/api/v1/invite-applications/', { invite: judged, artwork: p.artworks[e + 1] });
    if (res.status >= 300) throw new Error(`could not apply to the judged call: ${res.status} ${JSON.stringify(res.body)}`);
    applications.push(res.body?.id as number);
  }
  const juror = await startJudging(p.db, judged, `XSS Juror ${p.c}`);
  const jurorApi = await w.as(juror);
  for (const [e, comment] of comments.entries()) {
    const res = await jurorApi.send('POST', '/api/v1/invite-reviews/', { application: applications[e], comment: comment.value });
    w.expectWritten('juror comment', res, comment.count);
  }
  return { rubrics, jury: { user: juror, invite: judged, entries } };
}

/** A juror who accepted, and the call closed and under examination (as the owner would have it), for the juror's comments. */
export async function startJudging(db: FastifyInstance, invite: number, name: string): Promise<UserRow> {
  const juror = await buildUser(db, { name });
  await db.db.insert(inviteJurors).values({ inviteId: invite, email: juror.email, userId: juror.id, accepted: new Date() });
  await db.db
    .update(invites)
    .set({ status: 'examination', closed: new Date(Date.now() - 60_000) })
    .where(eq(invites.id, invite));
  return juror;
}

/** The brand's own call, sent back under review: a page whose columns carry the chunk, read by staff and the brand. */
async function writeBrandCall(w: Writer, p: ChunkParts): Promise<number> {
  const brand = await w.as(p.brand);
  for (let i = 0; i < p.list.length; i += 24) {
    const columns = p.list.slice(i, i + 24).map((x) => ({ content: x.text, width: 6 }));
    const res = await brand.send('POST', '/api/v1/invite-pages/', { invite: p.returned, columns });
    w.expectWritten('brand call column (under review)', res, columns.length);
  }
  return p.returned;
}

/**
 * Notices that name whoever acted: the chunk's artists (hostile names) each collect another artwork of one collector's
 * (one notice per artwork, so each names its collector), read on that user's notifications page and bell.
 */
async function writeNotices(w: Writer, p: ChunkParts): Promise<UserRow> {
  const owner = await buildPremium(p.db, { name: `XSS Noticed ${p.c}` });
  for (const [k, payload] of p.list.entries()) {
    if (k === 0) continue;
    const target = await buildArtwork(p.db, owner, { title: `Noticed work ${p.c}.${k}` });
    const res = await (await w.as(p.users[k])).send('POST', '/api/v1/collections/', { artwork: target.id });
    // The notice shows the collector's name: a payload when it fitted the name field (xss.test.ts wrote it).
    const name = payload.text.trim();
    if (!name || name.length > 100) w.tally('notification text', 'tooLong');
    else w.expectWritten('notification text', res, 1);
  }
  return owner;
}

export async function writeNewest(w: Writer, p: ChunkParts): Promise<NewestPages> {
  const hirers = await writeHire(w, p);
  const inbox = await writeInbox(w, p);
  const judging = await writeJudging(w, p);
  const review = await writeBrandCall(w, p);
  const noticed = await writeNotices(w, p);
  return { hirers, inbox, ...judging, review, noticed };
}
