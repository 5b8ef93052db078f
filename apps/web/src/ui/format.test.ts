import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatRelative, withImageAlts } from './format.ts';

describe('format (issue #21: Intl in the interface language, one time zone)', () => {
  it('formats a date in the language, in the product time zone whatever the machine zone', () => {
    // 16:30 UTC is already the next day in Seoul.
    expect(formatDate('2025-03-01T16:30:00Z', 'en')).toBe('March 2, 2025');
    expect(formatDate('2025-03-01T16:30:00Z', 'ko')).toBe('2025년 3월 2일');
  });
  it('formats numbers and relative times with Intl', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    const now = Date.parse('2025-03-10T00:00:00Z');
    expect(formatRelative('2025-03-07T00:00:00Z', now, 'en')).toBe('3 days ago');
    expect(formatRelative('2025-03-07T00:00:00Z', now, 'ko')).toBe('3일 전');
  });
  it('gives images without alt a fallback and keeps the ones that have one (empty included)', () => {
    const html = '<p><img src="/a.png"></p><img alt="" src="/b.png"><IMG src="/c.png" />';
    expect(withImageAlts(html, (n) => `Image ${n} of "Sea"`)).toBe(
      '<p><img alt="Image 1 of &quot;Sea&quot;" src="/a.png"></p><img alt="" src="/b.png"><img alt="Image 3 of &quot;Sea&quot;" src="/c.png" />',
    );
  });
});
