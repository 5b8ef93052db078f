import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { artwork, renderApp, siteData, user } from '../../test/render.tsx';
import { periodStart, readFilters, writeFilters } from './filters.ts';

const calls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
let answer: (url: string) => unknown;

// SPEC-fixed strings are the Korean interface.
beforeAll(() => i18n.changeLanguage('ko'));

beforeEach(() => {
  answer = () => ({ count: 0, next: null, previous: null, results: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).startsWith('/api/v1/page-views/')) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer(String(url))), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

describe('gallery filters in the URL (SPEC §2 Gallery)', () => {
  it('reads and writes only what differs from the defaults; a tag prefills the search', () => {
    const f = readFilters(new URLSearchParams('tag=꽃&ordering=-hit&period=3m&color=4'));
    expect(f).toMatchObject({ type: 'projects', search: '꽃', ordering: '-hit', period: '3m', color: '4' });
    expect(writeFilters(f).toString()).toBe('search=%EA%BD%83&ordering=-hit&period=3m&color=4');
    expect(writeFilters(readFilters(new URLSearchParams('type=artists&ordering=-hit'))).toString()).toBe('type=artists');
    // Issue #20: the Artists tab's availability filter lives in the URL; unknown values and the projects tab drop it.
    expect(writeFilters(readFilters(new URLSearchParams('type=artists&hire=freelance'))).toString()).toBe('type=artists&hire=freelance');
    expect(readFilters(new URLSearchParams('type=artists&hire=sometimes')).hire).toBe('');
    expect(writeFilters(readFilters(new URLSearchParams('hire=true'))).toString()).toBe('');
  });

  it('starts a time window at 00:00:00 of the day one or three months back, in the product time zone (issue #21)', () => {
    expect(periodStart('1m', Date.parse('2024-05-20T06:30:00Z'))).toBe('2024-04-20T00:00:00+09:00');
    expect(periodStart('3m', Date.parse('2024-05-20T06:30:00Z'))).toBe('2024-02-20T00:00:00+09:00');
    // 20:00 UTC on the 19th is already the 20th in Seoul: a server in UTC and a reader anywhere ask for the same day.
    expect(periodStart('1m', Date.parse('2024-05-19T20:00:00Z'))).toBe('2024-04-20T00:00:00+09:00');
    expect(periodStart('')).toBeUndefined();
  });
});

describe('GalleryPage', () => {
  it("shows '결과가 없습니다.' when nothing matches", async () => {
    renderApp('/gallery/all/');
    expect(await screen.findByText('결과가 없습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('sends the URL filters to the API and shows cards with Collect, and edit/delete for the author', async () => {
    answer = () => ({ count: 2, next: null, previous: null, results: [artwork(1), artwork(2, { author: { ...artwork(2).author!, id: 7 } })] });
    renderApp('/gallery/painting/?search=rose&ordering=-hit&field=fine-art&color=1', siteData({ user: user({ id: 7 }) }));
    const cards = await screen.findAllByTestId('artwork-card', {}, { timeout: 8000 });
    expect(cards).toHaveLength(2);
    const url = new URL(calls().find((u) => u.startsWith('/api/v1/artworks/')) as string, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      search: 'rose',
      ordering: '-hit',
      categories__category: 'painting',
      fields__field: 'fine-art',
      color: '1',
      limit: '24',
      offset: '0',
    });
    expect(within(cards[0]).getByRole('button', { name: /Collect/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(cards[0]).queryByRole('button', { name: '삭제' })).toBeNull();
    expect(within(cards[1]).getByRole('link', { name: '수정' })).toHaveAttribute('href', '/upload/2/');
    await userEvent.click(within(cards[1]).getByRole('button', { name: '삭제' }));
    // The confirmation loads on first use (its own chunk), then asks as before.
    const dialog = await screen.findByRole('dialog', { name: 'Remove Project' }, { timeout: 8000 });
    expect(within(dialog).getByText('삭제하시겠습니까?')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button', { name: '닫기' })
        .some((b) => b.textContent === '닫기'),
    ).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(screen.getAllByTestId('artwork-card')).toHaveLength(1));
    expect(vi.mocked(fetch).mock.calls.some(([url, init]) => String(url) === '/api/v1/artworks/2/' && init?.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits the search on Enter and clears it when the type changes', async () => {
    const { router } = renderApp('/gallery/all/');
    const input = await screen.findByRole('combobox', { name: /작품, 태그, 작가 검색|Search projects/ }, { timeout: 8000 });
    expect(input).toHaveAttribute('placeholder', 'Search by');
    await userEvent.type(input, '수채화{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=%EC%88%98%EC%B1%84%ED%99%94'));
    await userEvent.click(screen.getByRole('button', { name: 'Artists' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=artists'));
    // The field follows the URL: the search is gone from both.
    expect(screen.getByRole('combobox', { name: /작품, 태그, 작가 검색|Search projects/ })).toHaveValue('');
    await waitFor(() => expect(calls().some((u) => u.startsWith('/api/v1/artists/') && u.includes('is_premium=true'))).toBe(true));
  });
});
