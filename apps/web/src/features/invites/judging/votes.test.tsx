import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { jsonResponse as json, renderApp, siteData, user } from '../../../test/render.tsx';
import { instantOf, localInput, VoteRounds } from './components/VoteRounds.tsx';

/**
 * Issue #33.7 on the web: the owner's vote rounds (open one with dates in their own time zone, states, counts after
 * the end, withdraw one not begun), the vote page (own entry not votable, the way to confirm an address, counts
 * only after the end) and issue #33.5: the applicant's entries with the released feedback on the call's page.
 */
const snapshot = (title: string) => ({
  title,
  content: '',
  cover: `${title}.png`,
  cropped_cover: `${title}.png`,
  background_color: '#FFFFFF',
  width: 100,
  height: 100,
  images: [],
  categories: [],
  fields: [],
  concepts: [],
  tags: [],
  created: new Date().toISOString(),
  max_public_width: null as number | null,
});
const round = (over: Record<string, unknown> = {}) => ({
  id: 9,
  invite: 3,
  kind: 'public_vote',
  starts: '2026-01-01T00:00:00.000Z',
  ends: '2099-01-01T00:00:00.000Z',
  open: true,
  state: 'open',
  ...over,
});
type Handler = (path: string, init?: RequestInit) => Response | null;
const sent: { path: string; method: string; body: unknown }[] = [];
function stub(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      sent.push({ path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      return handler(path, init) ?? new Response(null, { status: 204 });
    }),
  );
}
beforeEach(() => {
  sent.length = 0;
});

function renderRounds() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VoteRounds invite={3} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the owner’s public vote rounds (issue #33.7)', () => {
  it('opens a vote with the dates given in the owner’s time zone and lists each round’s state (ko)', async () => {
    await i18n.changeLanguage('ko');
    let rounds: Record<string, unknown>[] = [{ ...round({ id: 4, state: 'ended', open: false, ends: '2026-01-02T00:00:00.000Z' }), votes: 12 }];
    stub((path, init) => {
      if (path === '/api/v1/invites/3/vote-rounds/') return json({ results: rounds });
      if (path === '/api/v1/invite-rounds/' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        rounds = [{ ...round({ id: 5, starts: body.starts, ends: body.ends, state: 'scheduled', open: false }), votes: null }, ...rounds];
        return json(rounds[0], 201);
      }
      return null;
    });
    const u = userEvent.setup();
    renderRounds();
    const ended = await screen.findByTestId('vote-round');
    expect(ended).toHaveAttribute('data-state', 'ended');
    expect(ended).toHaveTextContent('종료');
    expect(within(ended).getByTestId('vote-round-votes')).toHaveTextContent('집계된 표 12표');
    expect(within(ended).queryByRole('button', { name: '취소' })).toBeNull();
    expect(screen.getByText(`시간은 내 시간대(${Intl.DateTimeFormat().resolvedOptions().timeZone}) 기준입니다.`)).toBeInTheDocument();
    const starts = screen.getByLabelText('시작');
    await u.clear(starts);
    await u.type(starts, '2030-05-01T10:00');
    const ends = screen.getByLabelText('종료');
    await u.clear(ends);
    await u.type(ends, '2030-05-08T18:30');
    await u.click(screen.getByRole('button', { name: '공개 투표 열기' }));
    await waitFor(() => expect(screen.getAllByTestId('vote-round')).toHaveLength(2));
    const post = sent.find((r) => r.path === '/api/v1/invite-rounds/');
    // The wall-clock times the owner typed, as the instants of their own zone.
    expect(post?.body).toEqual({
      invite: 3,
      kind: 'public_vote',
      starts: new Date('2030-05-01T10:00').toISOString(),
      ends: new Date('2030-05-08T18:30').toISOString(),
    });
    const scheduled = screen.getAllByTestId('vote-round')[0];
    expect(scheduled).toHaveAttribute('data-state', 'scheduled');
    expect(scheduled).toHaveTextContent('예정');
    expect(within(scheduled).getByRole('link', { name: '투표 페이지' })).toHaveAttribute('href', '/goodluck/3/vote/');
  });

  it('shows the server’s field messages, and withdraws a round not begun (en)', async () => {
    await i18n.changeLanguage('en');
    let rounds: Record<string, unknown>[] = [{ ...round({ id: 6, state: 'scheduled', open: false, starts: '2099-01-01T00:00:00.000Z' }), votes: null }];
    stub((path, init) => {
      if (path === '/api/v1/invites/3/vote-rounds/') return json({ results: rounds });
      if (path === '/api/v1/invite-rounds/') return json({ invite: ['A public vote needs a shortlist: close a round and shortlist entries first.'] }, 400);
      if (path === '/api/v1/invite-vote-rounds/6/' && init?.method === 'DELETE') {
        rounds = [];
        return new Response(null, { status: 204 });
      }
      return null;
    });
    const u = userEvent.setup();
    renderRounds();
    const row = await screen.findByTestId('vote-round');
    expect(row).toHaveTextContent('Scheduled');
    await u.click(screen.getByRole('button', { name: 'Open the public vote' }));
    expect(await screen.findByText('A public vote needs a shortlist: close a round and shortlist entries first.')).toBeInTheDocument();
    await u.click(within(row).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('No public vote yet.')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/v1/invite-vote-rounds/6/')).toBe(true);
  });

  it('turns a moment into the owner’s wall clock and back', () => {
    const at = new Date('2030-05-01T10:00');
    expect(localInput(at)).toBe('2030-05-01T10:00');
    expect(instantOf(localInput(at))).toBe(at.toISOString());
    expect(instantOf('')).toBe('');
  });
});

const ballot = (over: Record<string, unknown> = {}) => ({
  invite: 3,
  title: 'Poster call',
  round: round(),
  mine: null,
  entries: [
    { application: 21, snapshot: snapshot('First'), own: false },
    { application: 22, snapshot: snapshot('Mine'), own: true },
  ],
  ...over,
});

describe('the vote page (issue #33.7)', () => {
  it('offers no vote on one’s own entry (en)', async () => {
    await i18n.changeLanguage('en');
    stub((path) => (path === '/api/v1/invites/3/vote/' ? json(ballot()) : null));
    renderApp('/goodluck/3/vote/', siteData({ user: user() }));
    expect(await screen.findAllByTestId('vote-entry', undefined, { timeout: 5000 })).toHaveLength(2);
    const [other, own] = screen.getAllByTestId('vote-entry');
    expect(within(other).getByTestId('vote-button')).toBeInTheDocument();
    expect(within(own).queryByTestId('vote-button')).toBeNull();
    expect(within(own).getByTestId('vote-own')).toHaveTextContent('Your entry (you cannot vote for it)');
  });

  it('never offers a protected entry wider than its cap (issue #34.6); an unprotected one as before (en)', async () => {
    await i18n.changeLanguage('en');
    const capped = { ...snapshot('Guarded'), max_public_width: 1280 };
    stub((path) =>
      path === '/api/v1/invites/3/vote/'
        ? json(
            ballot({
              entries: [
                { application: 21, snapshot: capped, own: false },
                { application: 22, snapshot: snapshot('Open'), own: false },
              ],
            }),
          )
        : null,
    );
    renderApp('/goodluck/3/vote/', siteData({ user: null }));
    await screen.findAllByTestId('vote-entry', undefined, { timeout: 5000 });
    expect(screen.getByRole('img', { name: 'Guarded' })).toHaveAttribute('srcset', '/media/Guarded.png?w=800 1x, /media/Guarded.png?w=1280 2x');
    expect(screen.getByRole('img', { name: 'Open' })).toHaveAttribute('srcset', '/media/Open.png?w=800 1x, /media/Open.png?w=1600 2x');
  });

  it('shows a member with an unconfirmed address the way to the account settings instead of vote buttons (ko)', async () => {
    await i18n.changeLanguage('ko');
    stub((path) => (path === '/api/v1/invites/3/vote/' ? json(ballot()) : null));
    renderApp('/goodluck/3/vote/', siteData({ user: user({ email_confirmed: false }) }));
    const notice = await screen.findByTestId('vote-confirm-email', undefined, { timeout: 5000 });
    expect(notice).toHaveTextContent('투표하려면 이메일 주소를 인증하세요.');
    expect(within(notice).getByRole('link', { name: '계정 설정으로 가기' })).toHaveAttribute('href', '/accounts/');
    expect(screen.queryByTestId('vote-button')).toBeNull();
  });

  it('hides the counts while the vote is open and shows them once it ended (ko)', async () => {
    await i18n.changeLanguage('ko');
    let ended = false;
    stub((path) => {
      if (path === '/api/v1/invites/3/vote/')
        return json(ended ? ballot({ round: round({ open: false, state: 'ended', ends: '2026-01-02T00:00:00.000Z' }) }) : ballot());
      if (path === '/api/v1/invites/3/votes/')
        return json({
          round: round({ open: false, state: 'ended' }),
          total: 5,
          results: [
            { application: 21, title: 'First', votes: 4 },
            { application: 22, title: 'Mine', votes: 1 },
          ],
        });
      return null;
    });
    const open = renderApp('/goodluck/3/vote/', siteData({ user: user() }));
    await screen.findAllByTestId('vote-entry', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('vote-count')).toBeNull();
    expect(sent.some((r) => r.path === '/api/v1/invites/3/votes/')).toBe(false);
    open.unmount();
    ended = true;
    renderApp('/goodluck/3/vote/', siteData({ user: user() }));
    await waitFor(() => expect(screen.getAllByTestId('vote-count')).toHaveLength(2), { timeout: 5000 });
    expect(screen.getAllByTestId('vote-count').map((c) => c.textContent)).toEqual(['4표', '1표']);
    expect(screen.getByTestId('vote-state')).toHaveTextContent('투표가 끝났습니다. 집계된 표: 5표');
    expect(screen.queryByTestId('vote-button')).toBeNull();
  });
});

const invite = {
  id: 3,
  owner: { id: 99, username: 'brand', name: 'Brand', slug: 'brand', cropped_avatar: '' },
  title: 'Summer call',
  subtitle: '',
  description: '',
  logo: '',
  background: '',
  status: 'selection',
  closed: '2026-01-01T00:00:00.000Z',
  selected: '2026-01-10T00:00:00.000Z',
  created: '2025-12-01T00:00:00.000Z',
  grace_minutes: 0,
  pages: [],
  subscription: null,
  review_note: '',
  jury_statement: '',
  can_edit: false,
};

describe('the call’s page for an applicant and a voter (issue #33.5, #33.7)', () => {
  it('shows the applicant’s entries with the released feedback, no juror named, and the way to the open vote (ko)', async () => {
    await i18n.changeLanguage('ko');
    stub((path) => {
      if (path === '/api/v1/invites/3/') return json(invite);
      if (path === '/api/v1/invites/3/vote/') return json(ballot());
      if (path === '/api/v1/invite-applications/')
        return json({
          results: [
            { application: 21, invite: 3, title: 'Blue poster', released: '2026-01-11T00:00:00.000Z', comments: [{ comment: '색의 대비가 인상적입니다.' }] },
            { application: 23, invite: 3, title: 'Quiet poster', released: '2026-01-11T00:00:00.000Z', comments: [] },
          ],
        });
      return null;
    });
    renderApp('/goodluck/3/', siteData({ user: user() }));
    const mine = await screen.findByTestId('my-entries', undefined, { timeout: 5000 });
    expect(within(mine).getByRole('heading', { name: '내 출품작' })).toBeInTheDocument();
    expect(within(mine).getByTestId('entry-feedback')).toHaveTextContent('색의 대비가 인상적입니다.');
    expect(within(mine).getByTestId('entry-feedback')).toHaveTextContent('심사위원 1');
    expect(mine).toHaveTextContent('이 출품작에 공개된 심사평이 없습니다.');
    expect(screen.getByTestId('vote-link')).toHaveAttribute('href', '/goodluck/3/vote/');
    expect(sent.find((r) => r.path === '/api/v1/invite-applications/')).toBeTruthy();
  });

  it('says feedback is not released yet (en), and asks nothing of a guest', async () => {
    await i18n.changeLanguage('en');
    stub((path) => {
      if (path === '/api/v1/invites/3/') return json(invite);
      if (path === '/api/v1/invite-applications/')
        return json({ results: [{ application: 21, invite: 3, title: 'Blue poster', released: null, comments: [] }] });
      return null;
    });
    const view = renderApp('/goodluck/3/', siteData({ user: user() }));
    expect(await screen.findByText('The organisers have not released feedback yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    view.unmount();
    sent.length = 0;
    renderApp('/goodluck/3/', siteData());
    await screen.findByRole('heading', { name: 'Summer call' }, { timeout: 5000 });
    expect(screen.queryByTestId('my-entries')).toBeNull();
    expect(sent.some((r) => r.path === '/api/v1/invite-applications/')).toBe(false);
  });
});
