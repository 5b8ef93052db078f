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
});
