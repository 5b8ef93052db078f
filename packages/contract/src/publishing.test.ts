import { describe, expect, it } from 'vitest';
import { artworkWriteSchema, futureTime, reviewLinkWriteSchema } from './artworks.ts';
import { reviewPath, reviewTokenOfPath } from './paths.ts';

/** Issue #34: the schedule's and the review link's time rules, and the review page's path. */
describe('futureTime (issue #34.1, #34.3)', () => {
  const day = 86_400_000;
  const issues = (value: unknown) => {
    const parsed = futureTime(365, 'artwork.publish_at').safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('takes an ISO time after now and at most the given days ahead, as a Date', () => {
    const at = new Date(Date.now() + day).toISOString();
    expect(artworkWriteSchema.parse({ publish_at: at }).publish_at).toEqual(new Date(at));
    expect(issues(new Date(Date.now() + 364 * day).toISOString())).toEqual([]);
    // With its offset too.
    expect(issues('2999-01-01T10:00:00+09:00')).toEqual(['artwork.publish_at_too_far']);
  });

  it('names what is wrong: not a time, in the past, too far', () => {
    expect(issues('tomorrow')).toEqual(['artwork.publish_at_invalid']);
    expect(issues('2026')).toEqual(['artwork.publish_at_invalid']);
    expect(issues(12)).toEqual(['artwork.publish_at_invalid']);
    expect(issues(new Date(Date.now() - 1000).toISOString())).toEqual(['artwork.publish_at_past']);
    expect(issues(new Date(Date.now() + 366 * day).toISOString())).toEqual(['artwork.publish_at_too_far']);
  });

  it('null cancels a schedule; review links must expire', () => {
    expect(artworkWriteSchema.parse({ publish_at: null }).publish_at).toBeNull();
    expect(reviewLinkWriteSchema.safeParse({}).success).toBe(false);
    expect(reviewLinkWriteSchema.safeParse({ expires: new Date(Date.now() - day).toISOString() }).error?.issues[0].message).toBe('review_link.expires_past');
  });
});

describe('review page paths (issue #34.3)', () => {
  it('reads back the token it wrote, and nothing else', () => {
    const token = 'abcDEF0123456789_-abcDEF01234567';
    expect(reviewTokenOfPath(reviewPath(token))).toBe(token);
    expect(reviewTokenOfPath('/review/short/')).toBeNull();
    expect(reviewTokenOfPath(`/review/${token}`)).toBeNull();
    expect(reviewTokenOfPath(`/review/${token}/x/`)).toBeNull();
    expect(reviewTokenOfPath(`/review/${token.slice(0, 20)}%27/`)).toBeNull();
  });
});
