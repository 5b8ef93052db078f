import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp } from '../../test/render.tsx';
import { artworkQueryOf, readFilters, writeFilters } from './filters.ts';

const calls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

beforeAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});

describe('the gallery licence filter (issue #18)', () => {
  it('lives in the URL like the other filters and goes to the API as ?licence=', () => {
    const f = readFilters(new URLSearchParams('licence=by,by-sa&color=4'));
    expect(f.licence).toBe('by,by-sa');
    expect(writeFilters(f).toString()).toBe('color=4&licence=by%2Cby-sa');
    expect(artworkQueryOf(f, '').licence).toBe('by,by-sa');
    expect(artworkQueryOf(readFilters(new URLSearchParams('')), '').licence).toBeUndefined();
  });

  it('offers the six licences and the two groups; choosing one reloads the gallery with it', async () => {
    const { router } = renderApp('/gallery/all/');
    await userEvent.click(await screen.findByRole('button', { name: /Licence/ }, { timeout: 8000 }));
    const list = await screen.findByRole('listbox', { name: 'Licence' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CC BY', 'CC BY-NC', 'CC BY-ND', 'CC BY-SA', 'CC BY-NC-SA', 'CC BY-NC-ND', 'Allows commercial use', 'Allows derivatives']);
    await userEvent.click(within(list).getByRole('option', { name: 'Allows commercial use' }));
    await waitFor(() => expect(router.state.location.search).toBe('?licence=by%2Cby-nd%2Cby-sa'));
    await waitFor(() =>
      expect(calls().some((u) => u.startsWith('/api/v1/artworks/') && new URL(u, 'http://x').searchParams.get('licence') === 'by,by-nd,by-sa')).toBe(true),
    );
  });
});
