import { asLang, invitePath } from '@axoo/contract';
import type { Lang } from '@axoo/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, inviteAnswers, inviteApplications, inviteQuestions, inviteSnapshots, type invites, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import { notify } from '../notifications/notify.ts';

/**
 * The applicant's notices of an open call (issue #16): received (a receipt of the frozen copy), shortlisted, and not
 * selected when the selection is out ('selected' is the invites' own, at the selection toggle). Each is a notice and
 * a mail in the applicant's language, written in the transaction of the event and at most once per application
 * (the notice's and the mail job's keys).
 */
type InviteRow = typeof invites.$inferSelect;
type Kind = 'received' | 'shortlisted' | 'not_selected';
const TYPES = { received: 'application_received', shortlisted: 'shortlisted', not_selected: 'not_selected' } as const;

interface Applicant {
  applicationId: number;
  artworkId: number | null;
  userId: number;
  email: string;
  name: string;
  slug: string;
  language: Lang;
  /** The frozen title when there is one, else the artwork's. */
  title: string;
}

/** An applicant whose account is gone is told nothing; a deleted artwork still has its frozen title. */
function applicantsOf(db: Executor, where: ReturnType<typeof and>) {
  return db
    .select({
      applicationId: inviteApplications.id,
      artworkId: inviteApplications.artworkId,
      userId: users.id,
      email: users.email,
      name: users.name,
      slug: users.slug,
      language: users.language,
      frozen: inviteSnapshots.title,
      live: artworks.title,
    })
    .from(inviteApplications)
    .innerJoin(users, eq(users.id, inviteApplications.applicantId))
    .leftJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(where)
    .orderBy(asc(inviteApplications.id))
    .then((rows) => rows.map(({ frozen, live, ...r }) => ({ ...r, title: frozen ?? live ?? '' }) satisfies Applicant));
}

async function tell(tx: Executor, deps: Pick<Deps, 'config'>, invite: InviteRow, a: Applicant, kind: Kind, url: string, extra: Record<string, string> = {}) {
  const key = `${kind}:${a.applicationId}`;
  await notify(tx, { userId: a.userId, type: TYPES[kind], inviteId: invite.id, artworkId: a.artworkId, applicationId: a.applicationId, key });
  const mail = catalogueMail(asLang(a.language), `judging.mail.${kind}`, {
    site: deps.config.SITE_NAME,
    name: a.name,
    invite: invite.title,
    artwork: a.title,
    url,
    ...extra,
  });
  await queueMail(tx, { to: a.email, ...mail }, { key: `mail:${key}` });
}

/** On application: the receipt lists what was frozen (title, how many images, the answers). */
export async function noticeReceived(
  tx: Executor,
  deps: Pick<Deps, 'config'>,
  event: { invite: InviteRow; application: { id: number }; snapshot: { title: string; images: string[]; cover: string; created: Date }; siteUrl: string },
) {
  const [applicant] = await applicantsOf(tx, and(eq(inviteApplications.id, event.application.id)));
  if (!applicant) return;
  const answers = await tx
    .select({ question: inviteQuestions.question, answer: inviteAnswers.answer })
    .from(inviteAnswers)
    .innerJoin(inviteQuestions, eq(inviteQuestions.id, inviteAnswers.questionId))
    .where(eq(inviteAnswers.applicationId, event.application.id))
    .orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
  const images = event.snapshot.images.length || (event.snapshot.cover ? 1 : 0);
  // The receipt leads to My submission, where the artist sees what the brand received.
  await tell(tx, deps, event.invite, applicant, 'received', `${event.siteUrl}/${applicant.slug}/?type=application`, {
    date: event.snapshot.created.toISOString().slice(0, 16).replace('T', ' '),
    images: String(images),
    answers: answers.map((a) => `${a.question}\n${a.answer}`).join('\n\n'),
  });
}

/** When a round's shortlist is made: each shortlisted applicant, once per application. */
export async function noticeShortlisted(tx: Executor, deps: Pick<Deps, 'config'>, invite: InviteRow, applicationIds: number[], siteUrl: string) {
  if (!applicationIds.length) return;
  for (const a of await applicantsOf(tx, and(inArray(inviteApplications.id, applicationIds))))
    await tell(tx, deps, invite, a, 'shortlisted', `${siteUrl}${invitePath(invite.id)}`);
}

/** When the invite reaches selection: every application not selected. */
export async function noticeNotSelected(tx: Executor, deps: Pick<Deps, 'config'>, invite: InviteRow, siteUrl: string) {
  for (const a of await applicantsOf(tx, and(eq(inviteApplications.inviteId, invite.id), eq(inviteApplications.selected, false))))
    await tell(tx, deps, invite, a, 'not_selected', `${siteUrl}${invitePath(invite.id)}?tab=selected`);
}
