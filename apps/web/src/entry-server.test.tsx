import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, createQueryClient, createRouter, type PrefetchedQuery, seedQueries } from './App.tsx';
import { render } from './entry-server.tsx';
import i18n from './i18n/index.ts';
import { artwork, siteData } from './test/render.tsx';

const site = siteData();
const page = {
  count: 2,
  next: null,
  previous: null,
  results: [artwork(1, { title: '봄의 정원', cropped_cover: 'covers/a.jpg' }), artwork(2, { title: 'Salt Letters' })],
};
const prefetched: PrefetchedQuery[] = [{ key: ['artworks', 'gallery', {}], infinite: true, data: page }];
const cards = (html: string) => html.match(/data-testid="artwork-card"/g)?.length ?? 0;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('server rendering (issue #5: the first screen comes with the HTML)', () => {
  it('renders the gallery with its first page, whole, in the language asked for', async () => {
    const ko = await render({ url: '/gallery/all/', origin: 'https://axoo.example', lang: 'ko', site, prefetched });
    expect(cards(ko)).toBe(2);
    expect(ko).toContain('봄의 정원');
    expect(ko).toContain('/media/covers/a.jpg?w=480');
    expect(ko).toContain('본문으로 건너뛰기');
    // Whole markup: no boundary left to the browser, no streaming scripts (the CSP forbids them).
    expect(ko).not.toContain('<!--$!-->');
    expect(ko).not.toContain('<script');

    const en = await render({ url: '/gallery/all/', origin: 'https://axoo.example', lang: 'en', site, prefetched });
    expect(en).toContain('Skip to content');
    expect(en).not.toContain('본문으로 건너뛰기');
  });

  it('renders the empty state when the first page has no results', async () => {
    const empty = [{ ...prefetched[0], data: { ...page, count: 0, results: [] } }];
    const html = await render({ url: '/gallery/all/', origin: 'https://axoo.example', lang: 'ko', site, prefetched: empty });
    expect(cards(html)).toBe(0);
    expect(html).toContain('결과가 없습니다.');
  });

  it('is hydrated by the browser app without a mismatch', async () => {
    const html = await render({ url: '/gallery/all/', origin: 'https://axoo.example', lang: 'ko', site, prefetched });
    await i18n.changeLanguage('ko');
    window.history.replaceState(null, '', '/gallery/all/');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverCard = container.querySelector('[data-testid="artwork-card"]');

    const client = createQueryClient(site);
    seedQueries(client, prefetched);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <App client={client} router={createRouter()} />, { onRecoverableError: (error) => errors.push(error) });
    });
    // The page chunk loads lazily on the client too; once it is in, React owns the server's nodes.
    const owned = (node: Element | null) => Object.keys(node ?? {}).some((key) => key.startsWith('__reactFiber'));
    await vi.waitFor(() => expect(owned(serverCard)).toBe(true), { timeout: 5000 });
    expect(errors).toEqual([]);
    // Hydration adopts the server's nodes rather than replacing them.
    expect(container.querySelector('[data-testid="artwork-card"]')).toBe(serverCard);
    expect(cards(container.innerHTML)).toBe(2);
  });

  it('renders time-dependent text from the page data’s moment on both sides: a reader’s clock hours off still hydrates (issue #21)', async () => {
    // The server made the page data at 12:00 UTC; the call closes 2 days 3 hours 4 minutes later.
    const served = siteData({ now: '2026-05-20T12:00:00.000Z' });
    const invite = {
      id: 5,
      owner: { id: 99, username: 'brand', name: 'Brand', slug: 'brand', cropped_avatar: '' },
      title: 'Summer call',
      subtitle: '',
      description: '',
      logo: '',
      background: '',
      status: 'ongoing',
      closed: '2026-05-22T15:04:00.000Z',
      selected: null,
      created: '2026-05-01T00:00:00.000Z',
      pages: [],
      subscription: null,
      review_note: '',
      can_edit: false,
    };
    const detail: PrefetchedQuery[] = [{ key: ['invites', 'detail', 5], infinite: false, data: invite }];
    const html = await render({ url: '/goodluck/5/', origin: window.location.origin, lang: 'en', site: served, prefetched: detail });
    expect(html).toContain('2d 3h 4m left');

    // The reader's clock is 5 hours and a half ahead of the server's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-20T17:30:00.000Z'));
    try {
      await i18n.changeLanguage('en');
      window.history.replaceState(null, '', '/goodluck/5/');
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const remaining = container.querySelector('[data-testid="remaining"]');
      const client = createQueryClient(served);
      seedQueries(client, detail);
      const errors: unknown[] = [];
      // Refetches after hydration answer as the server would.
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          const path = new URL(url, 'http://x').pathname;
          const body = path === '/api/v1/invites/5/' ? invite : path === '/api/v1/site/' ? served : { count: 0, next: null, previous: null, results: [] };
          return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        }),
      );
      await act(async () => {
        hydrateRoot(container, <App client={client} router={createRouter()} />, { onRecoverableError: (error) => errors.push(error) });
      });
      const owned = (node: Element | null) => Object.keys(node ?? {}).some((key) => key.startsWith('__reactFiber'));
      await vi.waitFor(() => expect(owned(remaining)).toBe(true), { timeout: 5000 });
      expect(errors).toEqual([]);
      // Hydrated on the server's moment, then the browser's clock takes over in the same nodes.
      await vi.waitFor(() => expect(container.querySelector('[data-testid="remaining"]')?.textContent).toBe('1d 21h 34m left'));
      expect(container.querySelector('[data-testid="remaining"]')).toBe(remaining);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
