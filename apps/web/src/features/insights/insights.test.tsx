import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp, siteData, user } from '../../test/render.tsx';

// uPlot draws on a canvas, which jsdom has not: the charts are stood in for (their numbers are in the tables).
vi.mock('uplot', () => ({
  default: class {
    setSize() {}
    destroy() {}
  },
}));

/** Issue #17: the insights page lists each artwork's numbers and shows one artwork's days on request. */
const days = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
const insights = {
  days: 7,
  from: days[0],
  to: days[6],
  totals: { views: 5, collects: 1, followers: 2, followers_total: 9 },
  series: days.map((day, i) => ({ day, views: i === 6 ? 5 : 0, collects: i === 6 ? 1 : 0, followers: i === 5 ? 2 : 0 })),
  top_artworks: [
    { id: 31, title: 'Harbour', cropped_cover: '', views: 4, collects: 1 },
    { id: 32, title: 'Field', cropped_cover: '', views: 1, collects: 0 },
  ],
  artworks: [
    { id: 31, title: 'Harbour', cropped_cover: '', views: 4, collects: 1 },
    { id: 32, title: 'Field', cropped_cover: '', views: 1, collects: 0 },
  ],
  referrers: [{ host: 'self', views: 5 }],
  applications: { submitted: 0, selected: 0, pending: 0 },
};
const one = {
  days: 7,
  from: days[0],
  to: days[6],
  artwork: { id: 32, title: 'Field', cropped_cover: '' },
  totals: { views: 1, collects: 0 },
  series: days.map((day, i) => ({ day, views: i === 6 ? 1 : 0, collects: 0 })),
};
const asked = (part: string) => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes(part));

beforeAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path.startsWith('/api/v1/page-views/')) return new Response(null, { status: 204 });
      if (path.startsWith('/api/v1/users/7/insights/artworks/32/')) return json(one);
      if (path.startsWith('/api/v1/users/7/insights/')) return json(insights);
      if (path.startsWith('/api/v1/notifications/unread/')) return json({ unread: 0, latest: 0 });
      return json({ count: 0, next: null, previous: null, results: [] });
    }),
  );
});

describe('Insights (issue #17)', () => {
  it('lists each artwork with its views and collects, and charts one on request, in the address', async () => {
    const { router } = renderApp('/minji/insights/?days=7', siteData({ user: user({ id: 7, slug: 'minji' }) }));
    const table = await screen.findByTestId('per-artwork', {}, { timeout: 8000 });
    const row = within(table).getByTestId('artwork-row-32');
    expect(row).toHaveTextContent('Field');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '0', 'Chart']);
    expect(screen.getByTestId('top-artworks')).toHaveTextContent('1 view · 0 collects');
    expect(screen.getByTestId('top-artworks')).toHaveTextContent('4 views · 1 collect');
    expect(asked('/insights/artworks/')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Show the chart of Field' }));
    const chart = await screen.findByTestId('artwork-chart');
    await waitFor(() => expect(chart).toHaveTextContent('Field per day'));
    expect(chart).toHaveTextContent('1 view · 0 collects');
    expect(asked('/api/v1/users/7/insights/artworks/32/')).toHaveLength(1);
    expect(router.state.location.search).toBe('?days=7&artwork=32');
    expect(within(row).getByRole('button')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(chart).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('artwork-chart')).toBeNull());
    expect(router.state.location.search).toBe('?days=7');
  });
});
