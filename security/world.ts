import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  banners,
  clients,
  collections,
  conversationMessages,
  follows,
  inviteAnswers,
  inviteApplications,
  inviteColumns,
  inviteCriteria,
  inviteJurors,
  invitePages,
  inviteQuestions,
  inviteRounds,
  inviteVoteRounds,
  inviteSubscriptions,
  jobs,
  media,
  reports,
  appeals,
  notifications,
  reviewLinks,
  artworkVersions,
  imports,
  importItems,
} from '../apps/api/src/db/schema/index.ts';
import { freezeSubmission } from '../apps/api/src/domain/open-calls/snapshot.ts';
import { Agent } from '../apps/api/test/app.ts';
import { makeImage } from '../apps/api/test/images.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../apps/api/test/factories.ts';
import { buildTakedownWorld, type TakedownWorld } from './world-takedowns.ts';

/** The roles of the authorization matrix (issue #15, security/authz.test.ts). */
export const ROLES = ['guest', 'user', 'other', 'owner', 'premium', 'staff', 'inviteOwner', 'juror'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The world of one cell. `user` wrote to the owner and follows them; `owner` is a premium artist (a public artwork, a
 * draft, a collection entry, an application with an unanswered question, a subscription, a notification); `inviteOwner`
 * is a brand with an open call, a call under review (returned with a note) and a call in judging; `juror` has accepted
 * to judge that one.
 */
export interface World extends TakedownWorld {
  n: number;
  users: Record<Exclude<Role, 'guest'>, UserRow>;
  artwork: number;
  /** Another public artwork of the owner's, entered nowhere. */
  spare: number;
  draft: number;
  draftTitle: string;
  /** Issue #34 (3): a review link to the draft (its id and token). */
  reviewLink: { id: number; token: string };
  /** Issue #34 (5): the owner's finished import, whose one draft is `draft`. */
  importId: number;
  collection: number;
  invite: number;
  review: number;
  reviewTitle: string;
  reviewNote: string;
  question: number;
  openQuestion: number;
  page: number;
  column: number;
  application: number;
  subscription: number;
  banner: number;
  client: number;
  job: number;
  conversation: number;
  subject: string;
  message: number;
  report: number;
  /** Issue #31: a report of the owner's artwork that staff resolved with a warning (the owner may appeal it). */
  actioned: number;
  /** Its note, which only the owner's decisions list shows. */
  actionNote: string;
  /** An open appeal of the owner against another warning. */
  appeal: number;
  follow: number;
  notification: number;
  notifier: string;
  judged: number;
  judgedApplication: number;
  criterion: number;
  round: number;
  jurorRow: number;
  /** Issue #33.7: a public vote round of the judged call that has not begun. */
  voteRound: number;
  /** A stored image anyone may fetch (the banner's). */
  image: string;
}

const one = async <T>(rows: Promise<T[]>) => (await rows)[0] as T;

/** A fresh world for one cell (or one route of security/writes.test.ts), numbered `k`. */
export async function buildWorld(app: FastifyInstance, k: number): Promise<World> {
  const owner = await buildPremium(app, { username: `owner${k}` });
  const inviteOwner = await buildUser(app);
  const staff = await buildStaff(app);
  const juror = await buildUser(app);
  const users = { user: await buildUser(app), other: await buildUser(app), owner, premium: await buildPremium(app), staff, inviteOwner, juror };
  const artwork = await buildArtwork(app, owner);
  const spare = await buildArtwork(app, owner);
  // Issue #34 (6): the artwork's original file, which only its author downloads.
  await app.storage.put(artwork.rawCover, await makeImage(10, 10, 'png', '#335577'), 'image/png');
  const draftTitle = `secret-draft-${k}`;
  const draft = await buildArtwork(app, owner, { draft: true, published: false, title: draftTitle });
  const reviewLink = await one(
    app.db
      .insert(reviewLinks)
      .values({ artworkId: draft.id, token: `review-link-token-${k}-0123456789`, expires: new Date(Date.now() + 86_400_000) })
      .returning({ id: reviewLinks.id, token: reviewLinks.token }),
  );
  // Issue #34 (4): an earlier version of the artwork (its own images, another title), restorable by its author.
  await app.db.insert(artworkVersions).values({
    artworkId: artwork.id,
    version: 1,
    title: `Earlier ${k}`,
    content: artwork.content,
    cover: artwork.cover,
    rawCover: artwork.rawCover,
    croppedCover: artwork.croppedCover,
  });
  const imported = await one(
    app.db
      .insert(imports)
      .values({ ownerId: owner.id, archive: `imports/world-${k}/archive.zip`, status: 'done', total: 1 })
      .returning({ id: imports.id }),
  );
  await app.db.insert(importItems).values({ importId: imported.id, position: 0, path: 'draft.png', status: 'imported', artworkId: draft.id });
  const collection = await one(app.db.insert(collections).values({ userId: owner.id, artworkId: artwork.id }).returning());
  const invite = await buildInvite(app, inviteOwner);
  const reviewTitle = `secret-review-${k}`;
  const reviewNote = `secret-note-${k}`;
  const review = await buildInvite(app, inviteOwner, { status: 'review', selfService: true, title: reviewTitle, reviewNote });
  const question = await one(app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why?', order: 0 }).returning());
  const openQuestion = await one(app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'And?', order: 1 }).returning());
  const page = await one(app.db.insert(invitePages).values({ inviteId: invite.id, order: 0 }).returning());
  const column = await one(app.db.insert(inviteColumns).values({ pageId: page.id, content: '<p>x</p>', width: 6, order: 0 }).returning());
  const application = await one(app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: artwork.id }).returning());
  await app.db.insert(inviteAnswers).values({ applicationId: application.id, questionId: question.id, answer: 'Because' });
  const subscription = await one(app.db.insert(inviteSubscriptions).values({ inviteId: invite.id, userId: owner.id }).returning());
  await app.db
    .insert(media)
    .values({ key: `banners/m${k}.png`, ownerId: staff.id, contentType: 'image/png', size: 10, width: 10, height: 10, status: 'ready' });
  await app.storage.put(`banners/m${k}.png`, await makeImage(10, 10, 'png', '#224466'), 'image/png');
  const banner = await one(
    app.db
      .insert(banners)
      .values({ image: `banners/m${k}.png`, level: 1 })
      .returning(),
  );
  const client = await one(
    app.db
      .insert(clients)
      .values({ name: 'Client', image: `banners/m${k}.png`, level: 1 })
      .returning(),
  );
  const job = await one(
    app.db
      .insert(jobs)
      .values({ kind: 'mail', payload: { to: 'x@example.com' }, status: 'failed', attempts: 5 })
      .returning(),
  );
  // The user writes to the owner (through the API, as the product stores it) and the owner reports the message.
  const subject = `secret-subject-${k}`;
  const writer = new Agent(app, 'en');
  await loginAs(writer, users.user);
  const started = await writer.post('/api/v1/conversations/', { artist: owner.id, subject, body: `Hello from ${k}, about your work.` });
  expect(started.statusCode, started.body).toBe(201);
  const conversation = started.json().id as number;
  const [message] = await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversation));
  const report = await one(app.db.insert(reports).values({ target: 'message', targetId: message.id, reporterId: owner.id, reason: 'spam' }).returning());
  const actionNote = `secret-note-${k}`;
  const warned = async (note: string) => {
    const row = await one(app.db.insert(reports).values({ target: 'artwork', targetId: artwork.id, reporterId: users.user.id, reason: 'spam' }).returning());
    await app.db
      .update(reports)
      .set({ status: 'resolved', action: 'warn', note, leadId: row.id, ownerId: owner.id, resolvedAt: new Date() })
      .where(eq(reports.id, row.id));
    return row.id;
  };
  const actioned = await warned(actionNote);
  const appeal = await one(
    app.db
      .insert(appeals)
      .values({ reportId: await warned('appealed'), appellantId: owner.id, text: 'Please look again' })
      .returning(),
  );
  const follow = await one(app.db.insert(follows).values({ followerId: users.user.id, artistId: owner.id }).returning());
  const notifier = `notifier${k}x`;
  const actor = await buildUser(app, { username: notifier, name: notifier });
  const notification = await one(app.db.insert(notifications).values({ userId: owner.id, type: 'follow', actorId: actor.id }).returning());
  // A call in judging: the owner's artwork entered, a criterion, a juror who accepted, the first round.
  const judged = await buildInvite(app, inviteOwner, { status: 'examination' });
  const judgedApplication = await one(app.db.insert(inviteApplications).values({ inviteId: judged.id, artworkId: artwork.id }).returning());
  await freezeSubmission(app.db, app.storage, { ...judgedApplication, artworkId: artwork.id });
  const criterion = await one(app.db.insert(inviteCriteria).values({ inviteId: judged.id, nameKo: '구성', nameEn: 'Composition' }).returning());
  const jurorRow = await one(
    app.db.insert(inviteJurors).values({ inviteId: judged.id, email: juror.email, userId: juror.id, accepted: new Date() }).returning(),
  );
  const round = await one(app.db.insert(inviteRounds).values({ inviteId: judged.id, number: 1 }).returning());
  const voteRound = await one(
    app.db
      .insert(inviteVoteRounds)
      .values({ inviteId: judged.id, starts: new Date(Date.now() + 86_400_000), ends: new Date(Date.now() + 2 * 86_400_000) })
      .returning(),
  );
  return {
    ...(await buildTakedownWorld(app, k, owner, users.premium, spare.id)),
    n: k,
    users,
    artwork: artwork.id,
    spare: spare.id,
    draft: draft.id,
    draftTitle,
    reviewLink,
    importId: imported.id,
    collection: collection.id,
    invite: invite.id,
    review: review.id,
    reviewTitle,
    reviewNote,
    question: question.id,
    openQuestion: openQuestion.id,
    page: page.id,
    column: column.id,
    application: application.id,
    subscription: subscription.id,
    banner: banner.id,
    client: client.id,
    job: job.id,
    conversation,
    subject,
    message: message.id,
    report: report.id,
    actioned,
    actionNote,
    appeal: appeal.id,
    follow: follow.id,
    notification: notification.id,
    notifier,
    judged: judged.id,
    judgedApplication: judgedApplication.id,
    criterion: criterion.id,
    round: round.id,
    jurorRow: jurorRow.id,
    voteRound: voteRound.id,
    image: `banners/m${k}.png`,
  };
}
