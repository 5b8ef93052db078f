import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderApp, siteData, user } from '../../../test/render.tsx';

/** Issue #33 on the web: the applicant's feedback page (5) and the public vote page (7). */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
});
let released: string | null = null;
let votes: number[] = [];
let voteAnswer: { status: number; body: unknown } | null = null;

beforeEach(async () => {
  released = '2026-01-01T00:00:00.000Z';
  votes = [];
  voteAnswer = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/v1/invite-applications/21/feedback/')
        return json({ application: 21, invite: 3, title: 'Blue poster', released, comments: released ? [{ comment: 'The light is strong.' }] : [] });
      if (path === '/api/v1/invites/3/vote/')
        return json({
          invite: 3,
          title: 'Poster call',
          round: { id: 9, invite: 3, kind: 'public_vote', starts: '2026-01-01T00:00:00.000Z', ends: '2099-01-01T00:00:00.000Z', open: true, state: 'open' },
          mine: null,
          entries: [
            { application: 21, snapshot: snapshot('First'), own: false },
            { application: 22, snapshot: snapshot('Second'), own: false },
          ],
        });
      if (path === '/api/v1/invite-votes/') {
        if (voteAnswer) return json(voteAnswer.body, voteAnswer.status);
        const body = JSON.parse(String(init?.body));
        votes.push(body.application);
        return json({ round: 9, application: body.application, moved: votes.length > 1 });
      }
      return json({});
    }),
  );
});

describe('the applicant’s feedback page (issue #33.5)', () => {
  it('shows the released comments without naming a juror (ko)', async () => {
    await i18n.changeLanguage('ko');
    renderApp('/goodluck/3/feedback/21/', siteData({ user: user() }));
    expect(await screen.findByRole('heading', { name: '심사평' }, { timeout: 5000 })).toBeInTheDocument();
    const list = await screen.findByTestId('feedback');
    expect(list).toHaveTextContent('The light is strong.');
    expect(list).toHaveTextContent('심사위원 1');
  });

  it('says when feedback is not released yet (en)', async () => {
    await i18n.changeLanguage('en');
    released = null;
    renderApp('/goodluck/3/feedback/21/', siteData({ user: user() }));
    expect(await screen.findByText('The organisers have not released feedback yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('the public vote page (issue #33.7)', () => {
  it('shows the shortlist as a gallery; a vote marks the entry, and voting again moves it (ko)', async () => {
    await i18n.changeLanguage('ko');
    const u = userEvent.setup();
    renderApp('/goodluck/3/vote/', siteData({ user: user() }));
    expect(await screen.findByRole('heading', { name: '공개 투표: Poster call' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByTestId('vote-entry')).toHaveLength(2);
    const [first, second] = screen.getAllByTestId('vote-button');
    await u.click(first);
    await waitFor(() => expect(first).toHaveAttribute('aria-pressed', 'true'));
    expect(first).toHaveTextContent('내 투표');
    await u.click(second);
    await waitFor(() => expect(second).toHaveAttribute('aria-pressed', 'true'));
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(votes).toEqual([21, 22]);
  });

  it('shows the server’s refusal in the user’s language', async () => {
    await i18n.changeLanguage('en');
    voteAnswer = { status: 403, body: { detail: 'Only accounts older than 7 days can vote.' } };
    const u = userEvent.setup();
    renderApp('/goodluck/3/vote/', siteData({ user: user() }));
    await u.click((await screen.findAllByTestId('vote-button', undefined, { timeout: 5000 }))[0]);
    expect(await screen.findByText('Only accounts older than 7 days can vote.')).toBeInTheDocument();
  });

  it('asks a guest to log in instead of showing vote buttons', async () => {
    await i18n.changeLanguage('en');
    renderApp('/goodluck/3/vote/', siteData());
    expect(await screen.findByRole('link', { name: 'Log in to vote' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('vote-button')).toBeNull();
  });
});
