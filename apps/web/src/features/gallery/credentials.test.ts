import { describe, expect, it } from 'vitest';
import { artworkQueryOf, readFilters, writeFilters } from './filters.ts';

describe('the gallery Content Credentials filter (issue #35)', () => {
  it('the gallery filter lives in the URL and goes to the API as ?credentials=valid', () => {
    const f = readFilters(new URLSearchParams('credentials=valid'));
    expect(f.credentials).toBe('valid');
    expect(writeFilters(f).toString()).toBe('credentials=valid');
    expect(artworkQueryOf(f, '').credentials).toBe('valid');
    expect(readFilters(new URLSearchParams('credentials=anything')).credentials).toBe('');
  });
});
