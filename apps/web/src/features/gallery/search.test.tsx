import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderApp } from '../../test/render.tsx';
import { artworkQueryOf, readFilters, writeFilters } from './filters.ts';

/** Issue #30.4–6: the search box as a combobox, recent searches, relevance while searching, did you mean. */
const calls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
const SUGGESTIONS = {
  artists: [{ id: 3, slug: 'seapainter', name: '바다 작가', username: 'seapainter', cropped_avatar: '' }],
  tags: [{ name: '바다풍경', count: 4 }],
  titles: [{ id: 9, title: '새벽 밤바다' }],
};
let empty: Record<string, unknown>;

beforeAll(() => i18n.changeLanguage('ko'));
beforeEach(() => {
  window.localStorage.clear();
  empty = { count: 0, next: null, previous: null, results: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).startsWith('/api/v1/page-views/')) return new Response(null, { status: 204 });
      const body = String(url).startsWith('/api/v1/search/suggest/') ? SUGGESTIONS : empty;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

const box = () => screen.findByRole('combobox', { name: '작품, 태그, 작가 검색' }, { timeout: 8000 });

describe('the gallery search box (issue #30.6)', () => {
  it('drops suggestions down as one types, moves with the arrows and searches a tag with Enter', async () => {
    const { router } = renderApp('/gallery/all/');
    const input = await box();
    await userEvent.type(input, '바다');
    const list = await screen.findByRole('listbox', { name: '검색 제안' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: '작가' })).toBeInTheDocument();
    expect(
      calls()
        .filter((u) => u.startsWith('/api/v1/search/suggest/'))
        .every((u) => u.includes('q=%EB%B0%94%EB%8B%A4')),
    ).toBe(true);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const tag = screen.getByRole('option', { name: '#바다풍경' });
    expect(tag).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', tag.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('바다풍경'));
    expect(list).not.toBeVisible();
    // While a search is in, the gallery asks for relevance.
    await waitFor(() => expect(calls().some((u) => u.startsWith('/api/v1/artworks/') && u.includes('ordering=relevance'))).toBe(true));
  });

  it('opens an artist profile, closes with Escape, and offers recent searches on an empty field', async () => {
    const { router } = renderApp('/gallery/all/');
    const input = await box();
    await userEvent.type(input, '바다{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('search='));
    await userEvent.clear(input);
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: '바다' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, '바');
    await screen.findByRole('option', { name: '바다 작가' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/seapainter/'));
  });

  it('orders a search by relevance by default, while Most Recent and Most Viewed stay choices (issue #30.5)', async () => {
    const { router } = renderApp('/gallery/all/?search=%EB%B0%94%EB%8B%A4');
    const artworksAsked = () => calls().filter((u) => u.startsWith('/api/v1/artworks/'));
    await userEvent.click(await screen.findByRole('button', { name: '정렬 관련도순' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'Most Recent' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('-created'));
    await waitFor(() => expect(artworksAsked().at(-1)).not.toContain('ordering='));
    expect(artworksAsked().at(-1)).toContain('search=');
    await userEvent.click(await screen.findByRole('button', { name: '정렬 Most Recent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Most Viewed' }));
    await waitFor(() => expect(artworksAsked().at(-1)).toContain('ordering=-hit'));
    await userEvent.click(await screen.findByRole('button', { name: '정렬 Most Viewed' }));
    await userEvent.click(await screen.findByRole('option', { name: '관련도순' }));
    // Back to the default (the relevance answer is the first one asked, still cached): no order in the URL.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('ordering')).toBeNull());
    expect(artworksAsked()[0]).toContain('ordering=relevance');
    expect(await screen.findByRole('button', { name: '정렬 관련도순' })).toBeInTheDocument();
  });

  it('keeps the picked order in the URL only when it is not the default, and sends a trimmed term', () => {
    const ordered = (query: string) => {
      const f = readFilters(new URLSearchParams(query));
      return [writeFilters(f).toString(), artworkQueryOf(f, '').ordering];
    };
    expect(ordered('search=sea')).toEqual(['search=sea', 'relevance']);
    expect(ordered('search=sea&ordering=-created')).toEqual(['search=sea&ordering=-created', undefined]);
    expect(ordered('search=sea&ordering=relevance')).toEqual(['search=sea', 'relevance']);
    expect(ordered('ordering=-created')).toEqual(['', undefined]);
    expect(ordered('ordering=relevance')).toEqual(['', undefined]);
    expect(ordered('ordering=-hit')).toEqual(['ordering=-hit', '-hit']);
    expect(ordered('search=%20%20')).toEqual(['search=++', undefined]);
    expect(artworkQueryOf(readFilters(new URLSearchParams('search=%20%20')), '').search).toBeUndefined();
    expect(artworkQueryOf(readFilters(new URLSearchParams('search=%20%EB%B0%94%EB%8B%A4%20')), '').search).toBe('바다');
  });

  it('offers the close term of an empty answer', async () => {
    empty = { ...empty, suggestion: 'watercolor' };
    const { router } = renderApp('/gallery/all/?search=watercolr');
    await userEvent.click(await screen.findByRole('button', { name: 'watercolor' }, { timeout: 8000 }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('watercolor'));
  });
});
