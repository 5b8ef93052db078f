import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inviteApplications,
  inviteCriteria,
  inviteJurors,
  inviteReviews,
  inviteRounds,
  invites,
  inviteShortlists,
  inviteSnapshots,
  inviteVoteRounds,
  inviteVotes,
  users,
} from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildInvite, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, dataDir, fixtures, mailTo, openBrowser, screenshot } from './support.ts';

// Issue #33's gaps, in ko and en: the owner opens a public vote round from the JUDGING tab (dates in their own time
// zone); an account confirms its e-mail from the settings' mail and votes from a 390 px phone, then moves its vote
// (its own entry is not votable, the counts stay hidden); the applicant reads the released feedback on the call's page.

const stamp = Date.now().toString(36);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const taxonomy = { categories: [], fields: [], concepts: [], tags: [] };
const ZONE = 'Asia/Seoul';

/** The wall clock of `at` in Seoul (UTC+9, no daylight saving) as a datetime-local value. */
const seoulInput = (at: number) => new Date(at + 9 * HOUR).toISOString().slice(0, 16);

describe.each(['ko', 'en'] as const)('fair votes and feedback (issue #33.5, #33.7) in %s', (lang) => {
  const words = {
    ko: {
      open: '공개 투표 열기',
      state: '진행 중',
      ended: '종료',
      resend: '인증 메일 다시 보내기',
      sentTo: '인증 메일을',
      confirmed: '이메일 주소가 인증되었습니다.',
      mine: '내 투표 ✓',
      voteLink: '공개 투표 참여하기',
    },
    en: {
      open: 'Open the public vote',
      state: 'Open',
      ended: 'Ended',
      resend: 'Send the link again',
      sentTo: 'We sent a confirmation link',
      confirmed: 'Your e-mail address is confirmed.',
      mine: 'Your vote ✓',
      voteLink: 'Vote in the public vote',
    },
  }[lang];
  const tag = `${lang}${stamp}`;
  const open: Browser[] = [];
  const browser = async (as: UserRow, options: { mobile?: boolean; timeZone?: string } = {}) => {
    const b = await openBrowser({ lang, as, ...options });
    open.push(b);
    return b.page;
  };
  let owner: UserRow;
  let artists: UserRow[] = [];

  /** A call whose first round closed with both entries shortlisted into round 2 (what a vote is on). */
  async function call(title: string) {
    const app = await fixtures();
    const invite = await buildInvite(app, owner, { title, status: 'selection', closed: new Date(Date.now() - DAY) });
    const ids: number[] = [];
    for (const [i, artist] of artists.entries()) {
      const artwork = await buildArtwork(app, artist, { title: `${title} entry ${i + 1}` });
      const [row] = await app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: artwork.id, applicantId: artist.id }).returning();
      await app.db.insert(inviteSnapshots).values({ applicationId: row.id, inviteId: invite.id, title: `Entry ${i + 1} ${tag}`, taxonomy });
      ids.push(row.id);
    }
    await app.db.insert(inviteCriteria).values({ inviteId: invite.id, nameKo: '완성도', nameEn: 'Craft' });
    await app.db.insert(inviteRounds).values({ inviteId: invite.id, number: 1, closed: new Date() });
    const [round2] = await app.db.insert(inviteRounds).values({ inviteId: invite.id, number: 2 }).returning();
    await app.db.insert(inviteShortlists).values(ids.map((applicationId) => ({ roundId: round2.id, applicationId })));
    return { invite: invite.id, ids };
  }

  beforeAll(async () => {
    const app = await fixtures();
    owner = await buildUser(app, { name: `Vote Brand ${lang}`, username: `votebrand.${tag}`, language: lang });
    artists = [
      await buildUser(app, {
        name: `Artist One ${lang}`,
        username: `one.${tag}`,
        language: lang,
        created: new Date(Date.now() - 30 * DAY),
        emailConfirmed: new Date(),
      }),
      await buildUser(app, { name: `Artist Two ${lang}`, username: `two.${tag}`, language: lang }),
    ];
  });
  afterAll(async () => {
    for (const b of open) await b.close();
  });

  it('the owner opens a public vote with times in their own time zone and sees it open, then ended with its count', async () => {
    const app = await fixtures();
    const { invite } = await call(`Vote round ${tag}`);
    const page = await browser(owner, { timeZone: ZONE });
    await page.goto(`/goodluck/${invite}/?tab=judging`);
    const section = page.getByTestId('vote-rounds');
    await section.waitFor();
    expect(await section.textContent()).toContain(ZONE);
    const starts = Math.floor((Date.now() - HOUR) / 60_000) * 60_000;
    const ends = starts + 3 * DAY;
    await page.locator('#vote-starts').fill(seoulInput(starts));
    await page.locator('#vote-ends').fill(seoulInput(ends));
    await page.getByRole('button', { name: words.open }).click();
    const row = page.getByTestId('vote-round');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('open');
    expect(await row.textContent()).toContain(words.state);
    const [stored] = await app.db.select().from(inviteVoteRounds).where(eq(inviteVoteRounds.inviteId, invite));
    // The Seoul wall clock the owner typed is the instant stored.
    expect([stored.starts.getTime(), stored.ends.getTime()]).toEqual([starts, ends]);
    await screenshot(page, `fair-votes-owner-open-${lang}`);

    await app.db
      .update(inviteVoteRounds)
      .set({ ends: new Date(Date.now() - 1000) })
      .where(eq(inviteVoteRounds.id, stored.id));
    await page.reload();
    await page.getByTestId('vote-round-votes').waitFor();
    expect(await page.getByTestId('vote-round').getAttribute('data-state')).toBe('ended');
    expect(await page.getByTestId('vote-round').textContent()).toContain(words.ended);
    await page.setViewportSize({ width: 1366, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `fair-votes-owner-ended-${lang}`);
  });

  it('an account confirms its e-mail from the settings’ mail, then votes from a phone and moves its vote; its own entry and the counts stay out of reach', async () => {
    const app = await fixtures();
    const { invite, ids } = await call(`Vote phone ${tag}`);
    const [vote] = await app.db
      .insert(inviteVoteRounds)
      .values({ inviteId: invite, starts: new Date(Date.now() - DAY), ends: new Date(Date.now() + DAY) })
      .returning();
    const voter = await buildUser(app, { name: `Voter ${lang}`, username: `voter.${tag}`, language: lang, created: new Date(Date.now() - 30 * DAY) });

    const page = await browser(voter, { mobile: true });
    await page.goto('/accounts/');
    const box = page.getByTestId('email-unconfirmed');
    await box.waitFor();
    await box.getByRole('button', { name: words.resend }).click();
    await box.getByText(words.sentTo).waitFor();
    await screenshot(page, `fair-votes-settings-unconfirmed-${lang}`);
    const mail = await mailTo(voter.email);
    const link = new URL(/https?:\/\/\S+\/accounts\/confirm-email\/[\w-]+\//.exec(mail.text ?? '')![0]);
    await page.goto(link.pathname);
    await page.getByText(words.confirmed).waitFor();
    expect((await app.db.select().from(users).where(eq(users.id, voter.id)))[0].emailConfirmed).not.toBeNull();

    await page.goto(`/goodluck/${invite}/`);
    await page.getByRole('link', { name: words.voteLink }).click();
    await page.getByTestId('vote-gallery').waitFor();
    expect(await page.getByTestId('vote-entry').count()).toBe(2);
    const buttons = page.getByTestId('vote-button');
    await buttons.nth(0).click();
    await page.getByRole('button', { name: words.mine }).waitFor();
    await buttons.nth(1).click();
    await page.getByTestId('vote-entry').nth(1).locator('[aria-pressed="true"]').waitFor();
    expect(await buttons.nth(0).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('vote-count').count()).toBe(0);
    // The gallery fits the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `fair-votes-phone-${lang}`);
    const rows = await app.db.select().from(inviteVotes).where(eq(inviteVotes.roundId, vote.id));
    expect(rows.map((r) => [r.userId, r.applicationId])).toEqual([[voter.id, ids[1]]]);

    // The first entry's artist sees their own entry without a vote button.
    const artistPage = await browser(artists[0], { mobile: true });
    await artistPage.goto(`/goodluck/${invite}/vote/`);
    await artistPage.getByTestId('vote-own').waitFor();
    expect(await artistPage.getByTestId('vote-entry').nth(0).getByTestId('vote-button').count()).toBe(0);
    expect(await artistPage.getByTestId('vote-entry').nth(1).getByTestId('vote-button').count()).toBe(1);
  });

  it('a guest on a phone sees a protected entry capped on the vote and results pages, its frozen copy never named (issue #34.6)', async () => {
    const app = await fixtures();
    const { invite, ids } = await call(`Vote guarded ${tag}`);
    // The first entry was frozen from a project capped at 1280 px with a watermark: its frozen copy is 2400 px wide.
    const frozen = `submissions/guarded${tag.toLowerCase()}.png`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g"><stop offset="0" stop-color="#1b4f72"/><stop offset="1" stop-color="#f5b041"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    const file = join(dataDir(), 'media', frozen);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
    await app.db
      .update(inviteSnapshots)
      .set({
        cover: frozen,
        croppedCover: frozen,
        maxPublicWidth: 1280,
        watermark: { text: '© 김하나 작가', position: 'tiled', opacity: 0.8 },
        protectionSalt: '5a1f'.repeat(8),
      })
      .where(eq(inviteSnapshots.applicationId, ids[0]));
    await app.db.update(inviteApplications).set({ selected: true }).where(eq(inviteApplications.id, ids[0]));
    await app.db.insert(inviteVoteRounds).values({ inviteId: invite, starts: new Date(Date.now() - DAY), ends: new Date(Date.now() + DAY) });
    const phone = await openBrowser({ lang, mobile: true, deviceScaleFactor: 3 });
    open.push(phone);
    const guest = phone.page;
    const publicCopy = new RegExp(`/media/submissions/p/${ids[0]}/[0-9a-f]{32}\\.png\\?w=(\\d+)$`);
    for (const [path, selector] of [
      [`/goodluck/${invite}/vote/`, '[data-testid="vote-entry"] img'],
      [`/goodluck/${invite}/results/`, '[data-testid="result-entry"] img'],
    ] as const) {
      await guest.goto(path);
      const image = guest.locator(selector).first();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
      const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(src, path).toMatch(publicCopy);
      expect(Number(publicCopy.exec(src)?.[1])).toBeLessThanOrEqual(1280);
      const fetched = await guest.request.get(src, { headers: { accept: 'image/png' } });
      expect(fetched.status()).toBe(200);
      expect((await sharp(await fetched.body()).metadata()).width).toBeLessThanOrEqual(1280);
      expect(await guest.content()).not.toContain(frozen);
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(guest, `fair-votes-guarded-${path.includes('vote') ? 'vote' : 'results'}-${lang}-phone`);
    }
    // The vote page offers nothing wider than the cap for the 3× screen.
    await guest.goto(`/goodluck/${invite}/vote/`);
    const srcset = await guest.locator('[data-testid="vote-entry"] img').first().getAttribute('srcset');
    expect([...(srcset ?? '').matchAll(/\?w=(\d+)/g)].map((m) => Number(m[1]))).toEqual([800, 1280]);
    // The frozen copy's own address answers the guest nothing.
    expect((await guest.request.get(`/media/${frozen}`)).status()).toBe(404);
  });

  it('the applicant reads the released feedback on the call’s page, no juror named', async () => {
    const app = await fixtures();
    const { invite, ids } = await call(`Vote feedback ${tag}`);
    const juror = await buildUser(app, { name: `Secret Juror ${lang}` });
    const [row] = await app.db.insert(inviteJurors).values({ inviteId: invite, email: juror.email, userId: juror.id, accepted: new Date() }).returning();
    const comment = lang === 'ko' ? '색의 대비가 인상적입니다.' : 'The contrast carries the piece.';
    await app.db.insert(inviteReviews).values({ jurorId: row.id, applicationId: ids[0], comment, shareable: true });
    await app.db.update(invites).set({ feedbackReleased: new Date() }).where(eq(invites.id, invite));
    const page = await browser(artists[0], { mobile: lang === 'ko' });
    await page.goto(`/goodluck/${invite}/`);
    const entries = page.getByTestId('my-entries');
    await entries.waitFor();
    expect(await entries.getByTestId('entry-feedback').textContent()).toContain(comment);
    expect(await entries.textContent()).toContain(`Entry 1 ${tag}`);
    expect(await entries.textContent()).not.toContain(`Entry 2 ${tag}`);
    expect(await page.content()).not.toContain(juror.name);
    await screenshot(page, `fair-votes-feedback-${lang}`);
  });
});
