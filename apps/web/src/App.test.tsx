import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedPrefetched } from './App.tsx';

describe('seedPrefetched', () => {
  it('puts the inlined first page in the cache under its key, as an infinite query page', () => {
    const script = document.createElement('script');
    script.id = '__PREFETCH__';
    script.type = 'application/json';
    script.textContent = JSON.stringify([
      { key: ['artworks', 'gallery', {}], infinite: true, data: { count: 1, next: null, previous: null, results: [{ id: 5 }] } },
    ]);
    document.body.appendChild(script);
    const client = new QueryClient();
    seedPrefetched(client);
    expect(client.getQueryData(['artworks', 'gallery', {}])).toEqual({
      pages: [{ count: 1, next: null, previous: null, results: [{ id: 5 }] }],
      pageParams: [0],
    });
    // The gallery builds its key with undefined filters; the cache hashes them the same way.
    expect(client.getQueryData(['artworks', 'gallery', { search: undefined, color: undefined }])).toBeDefined();
    script.remove();
  });
});
