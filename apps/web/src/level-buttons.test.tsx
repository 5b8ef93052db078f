import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { artworkSlots, createQueryClient } from './App.tsx';
import { ArtworkSlotsProvider } from './kit/slots.tsx';
import HomePage from './features/home/HomePage.tsx';
import type { SiteData } from './site.ts';
import { artwork, siteData, user } from './test/render.tsx';

/** Home with its Best Projects cards as the app composes them, where staff see the level buttons. */
function renderHome(site: SiteData) {
  return render(
    <QueryClientProvider client={createQueryClient(site)}>
      <ArtworkSlotsProvider slots={artworkSlots}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </ArtworkSlotsProvider>
    </QueryClientProvider>,
  );
}

const blueHour = (level: number | null) =>
  artwork(41, {
    title: 'Blue hour',
    author: { id: 3, username: 'ara', name: 'Ara', slug: 'ara', is_premium: true, cropped_avatar: '', level: 0, available_for_hire: null, categories: [] },
    color: null,
    level,
  });

/** PATCH answers echo the level sent; the site data then carries the saved level, like the server. */
function stubApi(site: SiteData) {
  const patches: unknown[] = [];
  let current = site;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        patches.push({ url, body });
        current = { ...current, best_projects: [blueHour(body.level)] };
        return new Response(JSON.stringify(blueHour(body.level)), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (url === '/api/v1/site/') return new Response(JSON.stringify(current), { status: 200 });
      return new Response(null, { status: 204 });
    }),
  );
  return patches;
}

describe('ArtworkLevelButtons (SPEC §4 Artwork level)', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('shows 5 4 3 2 1 to staff; clicking a level sets it and clicking the current level clears it', async () => {
    const site = siteData({ user: user({ is_staff: true }), best_projects: [blueHour(3)] });
    const patches = stubApi(site);
    renderHome(site);
    const group = await screen.findByTestId('level-buttons');
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['5', '4', '3', '2', '1']);
    expect(within(group).getByRole('button', { name: '3', pressed: true })).toBeInTheDocument();

    fireEvent.click(within(group).getByRole('button', { name: '5' }));
    await waitFor(() => expect(within(group).getByRole('button', { name: '5' })).toHaveAttribute('aria-pressed', 'true'));
    expect(patches).toEqual([{ url: '/api/v1/artworks/41/', body: { level: 5 } }]);

    const fresh = () => within(screen.getByTestId('level-buttons'));
    await waitFor(() => expect(fresh().getByRole('button', { name: '5' })).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(fresh().getByRole('button', { name: '5' }));
    await waitFor(() => expect(fresh().getByRole('button', { name: '5' })).toHaveAttribute('aria-pressed', 'false'));
    expect(patches.at(-1)).toEqual({ url: '/api/v1/artworks/41/', body: { level: null } });
    expect(fresh().queryByRole('button', { pressed: true })).toBeNull();
  });

  it('works by keyboard (issue #21): Tab reaches a level, Enter sets it, focus stays, the new level is announced', async () => {
    const site = siteData({ user: user({ is_staff: true }), best_projects: [blueHour(3)] });
    const patches = stubApi(site);
    renderHome(site);
    const group = await screen.findByTestId('level-buttons');
    within(group).getByRole('button', { name: '5' }).focus();
    await userEvent.tab();
    const four = within(group).getByRole('button', { name: '4' });
    expect(four).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('level-buttons')).getByRole('status')).toHaveTextContent('Level 4'));
    expect(patches).toEqual([{ url: '/api/v1/artworks/41/', body: { level: 4 } }]);
    const saved = within(screen.getByTestId('level-buttons')).getByRole('button', { name: '4' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(saved).toHaveFocus();
  });

  it('renders nothing for a user who is not staff, or a guest', async () => {
    stubApi(siteData());
    const { unmount } = renderHome(siteData({ user: user({ is_staff: false }), best_projects: [blueHour(3)] }));
    await screen.findByTestId('best-projects');
    expect(screen.queryByTestId('level-buttons')).toBeNull();
    unmount();
    renderHome(siteData({ user: null, best_projects: [blueHour(null)] }));
    await screen.findByTestId('best-projects');
    expect(screen.queryByTestId('level-buttons')).toBeNull();
  });
});
