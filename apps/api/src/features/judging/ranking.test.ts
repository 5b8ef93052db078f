import { describe, expect, it } from 'vitest';
import { rankSubmissions, type ScoreInput } from './ranking.ts';

/** Issue #16 ranking arithmetic: weighted mean per juror, mean and population sd over jurors, agreement, exclusions. */
const s = (applicationId: number, jurorId: number, criterionId: number, score: number, o: Partial<ScoreInput> = {}): ScoreInput => ({
  applicationId,
  jurorId,
  criterionId,
  score,
  removed: false,
  conflict: false,
  ...o,
});

describe('rankSubmissions', () => {
  const criteria = [
    { id: 1, weight: 2 },
    { id: 2, weight: 1 },
  ];

  it('weights criteria within a juror, averages jurors, and measures their spread and agreement', () => {
    // Juror 10: (2·8 + 1·5) / 3 = 7; juror 11: (2·4 + 1·7) / 3 = 5 → mean 6, sd 1, agreement 1 − 1/4.5.
    const [row] = rankSubmissions([100], criteria, [s(100, 10, 1, 8), s(100, 10, 2, 5), s(100, 11, 1, 4), s(100, 11, 2, 7)], 10);
    expect(row).toMatchObject({ applicationId: 100, mean: 6, sd: 1, jurors: 2, scores: 4, agreement: 0.778, removedScores: 0 });
    expect(row.criteria).toEqual({ '1': 6, '2': 6 });
  });

  it('orders best first, unscored last, and leaves out removed and conflicted jurors (counting removed scores apart)', () => {
    const rows = rankSubmissions(
      [1, 2, 3],
      criteria,
      [s(1, 10, 1, 3), s(2, 10, 1, 9), s(2, 11, 1, 1, { removed: true }), s(2, 12, 1, 2, { conflict: true })],
      10,
    );
    expect(rows.map((r) => r.applicationId)).toEqual([2, 1, 3]);
    expect(rows[0]).toMatchObject({ mean: 9, sd: 0, jurors: 1, agreement: null, removedScores: 1 });
    expect(rows[2]).toMatchObject({ mean: null, sd: null, jurors: 0, scores: 0 });
  });

  it('gives 0 agreement when jurors are as far apart as the scale allows', () => {
    const [row] = rankSubmissions([1], [{ id: 1, weight: 1 }], [s(1, 10, 1, 1), s(1, 11, 1, 5)], 5);
    expect(row).toMatchObject({ mean: 3, sd: 2, agreement: 0 });
  });
});
