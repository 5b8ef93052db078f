import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  follows,
  inviteApplications,
  inviteCriteria,
  inviteJurors,
  inviteReviews,
  inviteRounds,
  inviteShortlists,
  inviteSnapshots,
  inviteVoteRounds,
  inviteVotes,
} from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildInvite, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, mailTo, openBrowser, screenshot } from './support.ts';

// Issue #33 journeys: a juror who follows an entry's artist is asked to consider a conflict and declares it (en);
// the owner releases feedback and the applicant reads it from the mail (ko); a public vote from a phone (ko).

const stamp = Date.now().toString(36);
const DAY = 86_400_000;
const taxonomy = { categories: [], fields: [], concepts: [], tags: [] };

describe('fair judging (issue #33)', () => {
  const open: Browser[] = [];
  const browser = async (lang: 'ko' | 'en', as?: UserRow, mobile = false) => {
    const b = await openBrowser({ lang, as, mobile });
    open.push(b);
    return b.page;
  };
  let owner: UserRow;
  let juror: UserRow;
  let artists: UserRow[] = [];

  /** A call with two frozen entries (one per artist), the owner's. */
  async function call(title: string, status: 'examination' | 'selection') {
    const app = await fixtures();
    const invite = await buildInvite(app, owner, { title, status, closed: new Date(Date.now() - DAY) });
    const ids: number[] = [];
    for (const [i, artist] of artists.entries()) {
      const artwork = await buildArtwork(app, artist, { title: `${title} entry ${i + 1}` });
      const [row] = await app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: artwork.id, applicantId: artist.id }).returning();
      await app.db.insert(inviteSnapshots).values({ applicationId: row.id, inviteId: invite.id, title: `Entry ${i + 1} ${stamp}`, taxonomy });
      ids.push(row.id);
    }
    const [criterion] = await app.db.insert(inviteCriteria).values({ inviteId: invite.id, nameKo: '완성도', nameEn: 'Craft' }).returning();
    const [row] = await app.db.insert(inviteJurors).values({ inviteId: invite.id, email: juror.email, userId: juror.id, accepted: new Date() }).returning();
    return { invite: invite.id, ids, criterion: criterion.id, jurorRow: row.id };
  }

  beforeAll(async () => {
    const app = await fixtures();
    owner = await buildUser(app, { name: 'Fair Brand', username: `fairbrand.${stamp}`, language: 'ko' });
    juror = await buildUser(app, { name: 'Fair Juror', username: `fairjuror.${stamp}`, language: 'en' });
    artists = [
      await buildUser(app, { name: '김작가', username: `kim.${stamp}`, language: 'ko' }),
      await buildUser(app, { name: 'Lee Artist', username: `lee.${stamp}`, language: 'en' }),
    ];
  });
  afterAll(async () => {
    for (const b of open) await b.close();
  });

  it('a juror who follows an artist is asked to consider a conflict, without being told whom, and declares it (en)', async () => {
    const app = await fixtures();
    const { invite, ids } = await call(`Conflict call ${stamp}`, 'examination');
    await app.db.insert(follows).values({ followerId: juror.id, artistId: artists[1].id });
    const page = await browser('en', juror);
    await page.goto(`/goodluck/${invite}/jury/?item=${ids[0]}`);
    await page.getByTestId('scoring-panel').waitFor();
    expect(await page.getByTestId('consider-conflict').count()).toBe(0);
    await page.goto(`/goodluck/${invite}/jury/?item=${ids[1]}`);
    const prompt = page.getByTestId('consider-conflict');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('declare a conflict of interest');
    expect(await page.content()).not.toContain(artists[1].name);
    await screenshot(page, 'fair-judging-conflict-prompt-en');
    await page.getByRole('button', { name: 'Declare a conflict' }).click();
    await page.getByText('You declared a conflict of interest: you do not score this submission.').waitFor();
    const [review] = await app.db.select().from(inviteReviews).where(eq(inviteReviews.applicationId, ids[1]));
    expect(review).toMatchObject({ conflict: true });
    expect(review.conflictDeclared).not.toBeNull();
  });

  it('the owner releases feedback after the results and the applicant reads it from the mail, without a juror’s name (ko)', async () => {
    const app = await fixtures();
    const { invite, ids, jurorRow } = await call(`Feedback call ${stamp}`, 'selection');
    await app.db.insert(inviteReviews).values({ jurorId: jurorRow, applicationId: ids[0], comment: '색의 대비가 인상적입니다.', shareable: true });
    const ownerPage = await browser('ko', owner);
    await ownerPage.goto(`/goodluck/${invite}/?tab=judging`);
    await ownerPage.getByTestId('judging-panel').waitFor();
    await ownerPage.getByRole('button', { name: '출품자에게 심사평 공개' }).click();
    await ownerPage.getByText('심사평을 공개했습니다: 출품자 1명에게 알렸습니다.').waitFor();

    const mail = await mailTo(artists[0].email);
    expect(mail.subject).toContain('심사평이 도착했습니다');
    const link = new URL(/https?:\/\/\S+\/feedback\/\d+\//.exec(mail.text ?? '')![0]);
    const page = await browser('ko', artists[0], true);
    await page.goto(link.pathname);
    const list = page.getByTestId('feedback');
    await list.waitFor();
    expect(await list.textContent()).toContain('색의 대비가 인상적입니다.');
    expect(await page.content()).not.toContain(juror.name);
    await screenshot(page, 'fair-judging-feedback-ko');
  });

  it('a public vote from a phone: the shortlist as a gallery, one vote that moves (ko)', async () => {
    const app = await fixtures();
    const { invite, ids } = await call(`Vote call ${stamp}`, 'selection');
    await app.db.insert(inviteRounds).values({ inviteId: invite, number: 1, closed: new Date() });
    const [round2] = await app.db.insert(inviteRounds).values({ inviteId: invite, number: 2 }).returning();
    await app.db.insert(inviteShortlists).values(ids.map((applicationId) => ({ roundId: round2.id, applicationId })));
    const [vote] = await app.db
      .insert(inviteVoteRounds)
      .values({ inviteId: invite, starts: new Date(Date.now() - DAY), ends: new Date(Date.now() + DAY) })
      .returning();
    const voter = await buildUser(app, { name: '투표자', username: `voter.${stamp}`, created: new Date(Date.now() - 30 * DAY), emailConfirmed: new Date() });

    const page = await browser('ko', voter, true);
    await page.goto(`/goodluck/${invite}/vote/`);
    await page.getByTestId('vote-gallery').waitFor();
    expect(await page.getByTestId('vote-entry').count()).toBe(2);
    const buttons = page.getByTestId('vote-button');
    await buttons.nth(0).click();
    await page.getByRole('button', { name: '내 투표 ✓' }).waitFor();
    await buttons.nth(1).click();
    // The vote moves: the second entry's button is pressed, the first's no longer.
    await page.getByTestId('vote-entry').nth(1).locator('[aria-pressed="true"]').waitFor();
    expect(await buttons.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await buttons.nth(0).getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'fair-judging-vote-phone-ko');
    const rows = await app.db.select().from(inviteVotes).where(eq(inviteVotes.roundId, vote.id));
    expect(rows.map((r) => [r.userId, r.applicationId])).toEqual([[voter.id, ids[1]]]);
  });
});
