import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp, siteData, user } from '../../test/render.tsx';

/** Issue #17: the empty feed suggests artists; following one is optimistic and undone when the server refuses. */
let followAnswer: () => Promise<Response>;
const posts = () =>
  vi.mocked(fetch).mock.calls.filter(([url, init]) => String(url).startsWith('/api/v1/follows/') && (init as RequestInit | undefined)?.method === 'POST');

beforeAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  followAnswer = async () => new Response(JSON.stringify({ id: 41, artist: 9 }), { status: 201, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      const json = (body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
      if (path.startsWith('/api/v1/page-views/')) return new Response(null, { status: 204 });
      if (path.startsWith('/api/v1/feed/suggestions/'))
        return json([
          { id: 9, username: 'mira', name: 'Mira Seo', slug: 'mira', cropped_avatar: '', is_premium: true, level: 0, followers_count: 12, recent_followers: 3 },
        ]);
      if (path.startsWith('/api/v1/feed/')) return json({ count: 0, next: null, previous: null, results: [] });
      if (path.startsWith('/api/v1/notifications/unread/')) return json({ unread: 2, latest: 5 }, { ETag: 'W/"n7-5-2"' });
      if (path.startsWith('/api/v1/follows/') && init?.method === 'POST') return followAnswer();
      if (path.startsWith('/api/v1/follows/')) return json([]);
      return json({ count: 0, next: null, previous: null, results: [] });
    }),
  );
});

describe('Following feed (issue #17)', () => {
  it('suggests artists when empty; Follow flips at once and sends the follow; the bell shows the unread count', async () => {
    renderApp('/following/', siteData({ user: user({ id: 7 }) }));
    const card = await screen.findByTestId('suggested-artist', {}, { timeout: 8000 });
    expect(within(card).getByText('Mira Seo')).toBeInTheDocument();
    expect(within(card).getByText('12 followers')).toBeInTheDocument();
    expect(await screen.findByTestId('bell-count', {}, { timeout: 8000 })).toHaveTextContent('2');
    // The follow button is the kit's slot control, loaded when first drawn (issue #29.7).
    const button = await within(card).findByTestId('follow', {}, { timeout: 8000 });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveTextContent('Following');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String((posts()[0][1] as RequestInit).body))).toEqual({ artist: 9 });
  });

  it('puts the button back when the server refuses the follow', async () => {
    followAnswer = async () => new Response(JSON.stringify({ detail: 'Too many requests.' }), { status: 429, headers: { 'content-type': 'application/json' } });
    renderApp('/following/', siteData({ user: user({ id: 7 }) }));
    const card = await screen.findByTestId('suggested-artist', {}, { timeout: 8000 });
    const button = await within(card).findByTestId('follow', {}, { timeout: 8000 });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  });
});
