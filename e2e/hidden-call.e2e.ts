import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInvite, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, mailTo, openBrowser, screenshot } from './support.ts';

// Issue #31 journey, in ko: a member reports an open call from its page, staff hide it from the console's queue with
// a reason, and then only its owner opens it: the page tells them staff hid it, why, and links to /moderation/;
// a guest's answer for it is a 404 and the /goodluck/ list no longer shows it.
let app: FastifyInstance;
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const browsers: Browser[] = [];
async function browserAs(user: UserRow | null, mobile = false) {
  const b = await openBrowser({ lang: 'ko', ...(user ? { as: user } : {}), mobile });
  browsers.push(b);
  return b.page;
}
let staff: UserRow;
let owner: UserRow;
let reporter: UserRow;
let callId = 0;
const stamp = `${Date.now()}`;
const title = `입금 요구 공모 ${stamp}`;
const note = `참가비를 요구하는 공모입니다 ${stamp}`;
beforeAll(async () => {
  app = await fixtures();
  staff = await buildStaff(app, { name: 'Call Staff' });
  owner = await buildUser(app, { name: `Brand ${stamp}`, language: 'ko' });
  reporter = await buildUser(app, { name: `Reporter ${stamp}`, language: 'ko' });
  callId = (await buildInvite(app, owner, { title, status: 'ongoing', closed: new Date(Date.now() + 7 * 86_400_000) })).id;
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('hide a reported open call (issue #31, ko)', () => {
  it('a member reports the call from its page', async () => {
    const page = await browserAs(reporter, true);
    await page.goto(`/goodluck/${callId}/`);
    await page.getByTestId('report-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/스팸/).check();
    await dialog.getByTestId('report-submit').click();
    await until(() => dialog.getByTestId('report-done').count()).toBe(1);
  });

  it('staff hide it from the queue with a reason; the owner is told', async () => {
    const page = await browserAs(staff);
    await page.goto('/admin/reports/');
    const group = page.locator(`[data-testid="report-group"][data-target="invite"][data-target-id="${callId}"]`);
    await group.getByText(title).waitFor();
    await group.getByLabel('소유자에게 알릴 사유').fill(note);
    await group.getByTestId('act-hide').click();
    await until(() => group.count()).toBe(0);
    expect((await mailTo(owner.email)).text).toContain(note);
    const guest = await browserAs(null);
    expect((await guest.request.get(`/api/v1/invites/${callId}/`)).status()).toBe(404);
    const list = await (await guest.request.get('/api/v1/invites/?limit=100')).json();
    expect(list.results.map((i: { id: number }) => i.id)).not.toContain(callId);
    await guest.goto('/goodluck/');
    await guest.waitForLoadState('networkidle');
    expect(await guest.locator(`[data-invite-id="${callId}"]`).count()).toBe(0);
  });

  it('its owner still opens it and reads that staff hid it, why, and where to appeal (phone and desktop)', async () => {
    for (const mobile of [true, false]) {
      const page = await browserAs(owner, mobile);
      await page.goto(`/goodluck/${callId}/`);
      const notice = page.getByTestId('moderation-notice');
      await until(() => notice.textContent()).toContain(note);
      expect(await notice.textContent()).toContain('운영진이 이 공모를 숨겼습니다');
      await screenshot(page, `hidden-call-ko-${mobile ? 390 : 1366}`);
      if (!mobile) {
        await notice.getByRole('link').click();
        await page.waitForURL(/\/moderation\/$/);
        await page.getByText(title).first().waitFor();
      }
    }
  });
});
