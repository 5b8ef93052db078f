import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteApplications, inviteJurors, inviteQuestions, inviteSnapshots } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #33 journeys: an artist answers a call's eligibility questions and applies with a project already published
// (Korean, on a phone); a call's published results (English).

const stamp = Date.now().toString(36);

describe('fair open calls (issue #33)', () => {
  let brand: UserRow;
  let artist: UserRow;
  const open: Browser[] = [];
  beforeAll(async () => {
    const app = await fixtures();
    brand = await buildUser(app, { name: 'Harbour Studio', username: `harbour.${stamp}`, language: 'en' });
    artist = await buildPremium(app, { name: '한바다', username: `bada.${stamp}`, language: 'ko' });
  });
  afterAll(async () => {
    for (const b of open) await b.close();
  });

  it('an artist passes the eligibility step and applies with a project of their own (ko, phone)', async () => {
    const app = await fixtures();
    const invite = await buildInvite(app, brand, { title: `항구 포스터 공모 ${stamp}`, closed: new Date(Date.now() + 2 * 86_400_000) });
    const [based, student] = await app.db
      .insert(inviteQuestions)
      .values([
        { inviteId: invite.id, question: '한국에 거주하나요?', kind: 'eligibility', requiredAnswer: true, order: 0 },
        { inviteId: invite.id, question: '전업 학생인가요?', kind: 'eligibility', requiredAnswer: false, order: 1 },
        { inviteId: invite.id, question: '작품을 소개해 주세요.', order: 2 },
      ])
      .returning();
    const work = await buildArtwork(app, artist, { title: `파도 ${stamp}` });

    const b = await openBrowser({ lang: 'ko', mobile: true, as: artist });
    open.push(b);
    const { page } = b;
    await page.goto(`/goodluck/${invite.id}/`);
    await page.getByTestId('apply').click();
    await page.waitForURL(`**/goodluck/${invite.id}/apply/`);
    await page.getByRole('heading', { name: '지원하기 전에' }).waitFor();
    // Only the eligibility questions are asked here, nothing to upload yet.
    expect(await page.getByText('작품을 소개해 주세요.').count()).toBe(0);
    expect(await page.locator('input[type=file]').count()).toBe(0);

    // An answer that excludes: the server names the question, in Korean, under it.
    await page.getByTestId(`eligibility-${based.id}-yes`).check();
    await page.getByTestId(`eligibility-${student.id}-yes`).check();
    await page.getByTestId('eligibility-submit').click();
    await page.getByText('이 공모의 지원 자격에 맞지 않습니다: "전업 학생인가요?"').waitFor();
    await b.check('eligibility refused');
    await screenshot(page, 'fair-calls-eligibility-refused-ko-390');

    // By keyboard: the "no" of the second question, then Continue.
    await page.getByTestId(`eligibility-${student.id}-yes`).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId(`eligibility-${student.id}-no`).isChecked()).toBe(true);
    await page.getByTestId('eligibility-submit').focus();
    await page.keyboard.press('Enter');

    // Step 0 passed: one of my projects, beside uploading a new one.
    await page.getByTestId('choose-project').waitFor();
    await page.getByTestId('upload-new').waitFor();
    const choice = page.getByTestId('project-choice').filter({ hasText: `파도 ${stamp}` });
    await choice.locator('input').check();
    await screenshot(page, 'fair-calls-choose-project-ko-390');
    await page.getByTestId('use-project').click();
    await page.waitForURL(`**/goodluck/${invite.id}/application/${work.id}/`);
    await page.getByTestId('agree').check();
    await page.getByRole('button', { name: /제출|Submit/ }).click();
    await page.waitForURL(`**/goodluck/${invite.id}/complete/${work.id}/`);

    const [application] = await app.db.select().from(inviteApplications).where(eq(inviteApplications.inviteId, invite.id));
    expect(application).toMatchObject({ artworkId: work.id, applicantId: artist.id, late: false });
    const [snapshot] = await app.db.select().from(inviteSnapshots).where(eq(inviteSnapshots.applicationId, application.id));
    expect(snapshot?.title).toBe(`파도 ${stamp}`);
  });

  it('shows a call’s published results with the jury’s statement and links to the artists (en)', async () => {
    const app = await fixtures();
    const invite = await buildInvite(app, brand, {
      title: `Harbour posters ${stamp}`,
      status: 'selection',
      selected: new Date(),
      juryStatement: 'The sea, drawn boldly.',
    });
    const chosen = await buildArtwork(app, artist, { title: `Tide ${stamp}` });
    const other = await buildArtwork(app, await buildPremium(app), { title: `Fog ${stamp}` });
    await app.db.insert(inviteApplications).values([
      { inviteId: invite.id, artworkId: chosen.id, applicantId: artist.id, selected: true },
      { inviteId: invite.id, artworkId: other.id, applicantId: other.authorId, selected: false },
    ]);
    await app.db.insert(inviteJurors).values({ inviteId: invite.id, email: `juror.${stamp}@example.com`, accepted: new Date() });

    const b = await openBrowser({ lang: 'en' });
    open.push(b);
    const { page } = b;
    await page.goto(`/goodluck/${invite.id}/`);
    await page.getByTestId('see-results').click();
    await page.waitForURL(`**/goodluck/${invite.id}/results/`);
    await page.getByTestId('results').waitFor();
    expect(await page.getByTestId('jury-statement').textContent()).toBe('The sea, drawn boldly.');
    expect(await page.getByTestId('results-figures').textContent()).toContain('1 selected from 2 entries · 1 juror');
    const entries = page.getByTestId('result-entry');
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain(`Tide ${stamp}`);
    expect(await page.getByText(`Fog ${stamp}`).count()).toBe(0);
    await screenshot(page, 'fair-calls-results-en-1440');
    await page.getByTestId('result-artist').click();
    await page.waitForURL(`**/${artist.slug}/`);

    // The page's share preview, as a messenger reads it from the served HTML.
    const html = await (
      await fetch(new URL(`/goodluck/${invite.id}/results/`, page.url()), { headers: { 'accept-language': 'en', cookie: 'lang=en' } })
    ).text();
    expect(html).toContain(`Results: Harbour posters ${stamp}`);
    expect(html).toContain('1 selected from 2 entries · The sea, drawn boldly.');
  });
});
