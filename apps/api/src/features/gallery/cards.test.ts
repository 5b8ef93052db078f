import { describe, expect, it } from 'vitest';
import { CARD_TTL_MS, cardStore, cardText, withMarks } from './cards.ts';

// Issue #14: the lists' cards kept as JSON text.
describe('card store', () => {
  it('keeps a card per language until its age limit', () => {
    let now = 1_000;
    const store = cardStore(() => now);
    store.set('ko', 7, '{"id":7,"title":"봄"}');
    store.set('en', 7, '{"id":7,"title":"Spring"}');
    expect(store.get('ko', 7)).toBe('{"id":7,"title":"봄"}');
    expect(store.get('en', 7)).toBe('{"id":7,"title":"Spring"}');
    expect(store.get('en', 8)).toBeUndefined();
    now += CARD_TTL_MS;
    expect(store.get('ko', 7)).toBeUndefined();
    expect(store.size).toBe(1);
    store.clear();
    expect(store.size).toBe(0);
  });

  it('forgets the oldest cards first when its text budget is full', () => {
    const store = cardStore();
    const big = `{"t":"${'x'.repeat(1_000_000)}"}`;
    for (let id = 1; id <= 10; id++) store.set('en', id, big);
    expect(store.get('en', 1)).toBeUndefined();
    expect(store.get('en', 10)).toBe(big);
    expect(store.size).toBeLessThan(10);
  });

  it('stores a card without its per-request parts and appends them as valid JSON', () => {
    const text = cardText({ id: 3, title: 'A "quoted" title', hit: 41, collection: 9 } as {
      id: number;
      title: string;
      hit: number;
      collection: number | null;
    });
    expect(text).not.toContain('hit');
    expect(JSON.parse(withMarks(text, 42, null))).toEqual({ id: 3, title: 'A "quoted" title', hit: 42, collection: null });
    expect(JSON.parse(withMarks(text, 0, 5))).toEqual({ id: 3, title: 'A "quoted" title', hit: 0, collection: 5 });
  });
});
