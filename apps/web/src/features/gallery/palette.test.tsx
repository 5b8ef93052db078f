import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp } from '../../test/render.tsx';
import { artworkQueryOf, readFilters, writeFilters } from './filters.ts';

const calls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterAll(() => i18n.changeLanguage('en'));

describe('the gallery palette filter (issue #18)', () => {
  it('lives in the URL like the other filters, goes to the API as ?palette=, and drops a malformed colour', () => {
    const f = readFilters(new URLSearchParams('palette=%23D62020&color=4'));
    expect(f.palette).toBe('#d62020');
    expect(writeFilters(f).toString()).toBe('color=4&palette=%23d62020');
    expect(artworkQueryOf(f, '').palette).toBe('#d62020');
    expect(readFilters(new URLSearchParams('palette=red')).palette).toBe('');
    expect(artworkQueryOf(readFilters(new URLSearchParams('')), '').palette).toBeUndefined();
  });

  it('picks a colour by its code from the keyboard and searches for it; Clear takes it out', async () => {
    await i18n.changeLanguage('en');
    const { router } = renderApp('/gallery/all/');
    await userEvent.click(await screen.findByRole('button', { name: 'Palette Any' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Palette Any' });
    // The library's own English names ("Color", "Hue") are replaced by the catalogue's.
    expect(await within(dialog).findByRole('slider', { name: 'Palette: saturation and brightness' }, { timeout: 8000 })).toBeTruthy();
    expect(within(dialog).getByRole('slider', { name: 'Palette: hue' })).toBeTruthy();
    const hex = within(dialog).getByLabelText('Colour code (#rrggbb)');
    await userEvent.clear(hex);
    await userEvent.type(hex, '2040d0{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?palette=%232040d0'));
    await waitFor(() =>
      expect(calls().some((u) => u.startsWith('/api/v1/artworks/') && new URL(u, 'http://x').searchParams.get('palette') === '#2040d0')).toBe(true),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Palette #2040d0' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('speaks Korean in Korean', async () => {
    await i18n.changeLanguage('ko');
    renderApp('/gallery/all/?palette=%23d62020');
    await userEvent.click(await screen.findByRole('button', { name: '팔레트 #d62020' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('slider', { name: '팔레트: 채도와 밝기' })).toBeTruthy();
    expect(within(dialog).getByRole('slider', { name: '팔레트: 색상' })).toBeTruthy();
    expect(within(dialog).getByLabelText('색상 코드 (#rrggbb)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '찾기' })).toBeTruthy();
  });
});
