import { queryKeys } from '@axoo/contract';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedPrefetched } from './App.tsx';
import { artworkQueryOf, readFilters } from './features/gallery/filters.ts';

const firstPage = { count: 1, next: null, previous: null, results: [{ id: 5 }] };

describe('seedPrefetched', () => {
  it('puts the inlined first page in the cache under its key, as an infinite query page', () => {
    const script = document.createElement('script');
    script.id = '__PREFETCH__';
    script.type = 'application/json';
    script.textContent = JSON.stringify([{ key: queryKeys.artworks.gallery({ categories__category: 'photography' }), infinite: true, data: firstPage }]);
    document.body.appendChild(script);
    const client = new QueryClient();
    seedPrefetched(client);
    expect(client.getQueryData(queryKeys.artworks.gallery({ categories__category: 'photography' }))).toEqual({ pages: [firstPage], pageParams: [0] });
    script.remove();
  });
});

describe('query keys (packages/contract/src/query-keys.ts)', () => {
  it('the gallery page asks for the first page under the key the server prefetches it, and only without filters', () => {
    // The server's prefetch (apps/api/src/features/gallery/routes.ts) keys /gallery/<category>/ this way.
    const serverKey = (category: string) => queryKeys.artworks.gallery(category ? { categories__category: category } : {});
    for (const category of ['', 'photography']) {
      const pageKey = queryKeys.artworks.gallery(artworkQueryOf(readFilters(new URLSearchParams()), category));
      expect(hashKey(pageKey)).toBe(hashKey(serverKey(category)));
    }
    const filtered = queryKeys.artworks.gallery(artworkQueryOf(readFilters(new URLSearchParams('ordering=-hit')), ''));
    expect(hashKey(filtered)).not.toBe(hashKey(serverKey('')));
  });

  it('gives one artwork one key, under the prefix that an artwork change invalidates', () => {
    expect(queryKeys.artworks.detail(7)).toEqual(['artworks', 'detail', 7]);
    expect(queryKeys.artworks.detail(7).slice(0, 1)).toEqual(queryKeys.artworks.all());
    expect(queryKeys.artworks.byAuthor(3, 'overlay').slice(0, 1)).toEqual(queryKeys.artworks.all());
    expect(queryKeys.invites.artworks(2, true).slice(0, 3)).toEqual(queryKeys.invites.allArtworks(2));
  });
});
