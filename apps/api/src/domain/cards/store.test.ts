import { describe, expect, it } from 'vitest';
import { CARD_TTL_MS, cardStore, storedCard, withMarks } from './store.ts';

const card = (text: string) => ({ text, authorId: 1, reachable: true });

// Issue #14: the lists' cards kept as JSON text.
describe('card store', () => {
  it('keeps a card per language until its age limit', () => {
    let now = 1_000;
    const store = cardStore(() => now);
    store.set('ko', 7, card('{"id":7,"title":"봄"}'));
    store.set('en', 7, card('{"id":7,"title":"Spring"}'));
    expect(store.get('ko', 7)?.text).toBe('{"id":7,"title":"봄"}');
    expect(store.get('en', 7)?.text).toBe('{"id":7,"title":"Spring"}');
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
    for (let id = 1; id <= 10; id++) store.set('en', id, card(big));
    expect(store.get('en', 1)).toBeUndefined();
    expect(store.get('en', 10)?.text).toBe(big);
    expect(store.size).toBeLessThan(10);
  });

  it('stores a card without its per-request parts and appends them as valid JSON', () => {
    const stored = storedCard({ id: 3, title: 'A "quoted" title', hit: 41, collection: 9, reachable: false }, 4);
    expect(stored).toMatchObject({ authorId: 4, reachable: false });
    expect(stored.text).not.toContain('hit');
    const rest = { id: 3, title: 'A "quoted" title', reachable: false };
    expect(JSON.parse(withMarks(stored.text, 42, null))).toEqual({ ...rest, hit: 42, collection: null });
    expect(JSON.parse(withMarks(stored.text, 0, 5))).toEqual({ ...rest, hit: 0, collection: 5 });
  });
});
