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

/**
 * Issue #33.4, hand-computed: a harsh juror (10) scores A=5, B=2, C=3 (μ = 10/3, σ = √(14/9) ≈ 1.24722); a generous
 * one (11) scores C=8, D=10, E=9 (μ = 9, σ = √(2/3) ≈ 0.81650). z-scores: A (5 − 10/3)/σ = 1.33631, B −1.06904,
 * C −0.26726 (harsh) and −1.22474 (generous), D 1.22474, E 0. Normalised: A 1.336, B −1.069, C (−0.26726 − 1.22474)/2
 * = −0.746, D 1.225, E 0. By mean the generous juror's entries win (D 10, E 9, C 5.5, A 5, B 2); normalised, the harsh
 * juror's favourite comes first (A, D, E, C, B).
 */
describe('normalized ranking', () => {
  const one = [{ id: 1, weight: 1 }];
  const fixture = [s(1, 10, 1, 5), s(2, 10, 1, 2), s(3, 10, 1, 3), s(3, 11, 1, 8), s(4, 11, 1, 10), s(5, 11, 1, 9)];

  it('gives each entry the mean of its jurors’ z-scores, and orders by mean or normalized', () => {
    const byMean = rankSubmissions([1, 2, 3, 4, 5], one, fixture, 10);
    expect(byMean.map((r) => r.applicationId)).toEqual([4, 5, 3, 1, 2]);
    const figures = Object.fromEntries(byMean.map((r) => [r.applicationId, [r.mean, r.normalized]]));
    expect(figures).toEqual({ 1: [5, 1.336], 2: [2, -1.069], 3: [5.5, -0.746], 4: [10, 1.225], 5: [9, 0] });
    const byNormalized = rankSubmissions([1, 2, 3, 4, 5], one, fixture, 10, 'normalized');
    expect(byNormalized.map((r) => r.applicationId)).toEqual([1, 4, 5, 3, 2]);
  });

  it('leaves out conflicted and removed scores, gives 0 to a juror who scored one entry, null to the unscored', () => {
    const rows = rankSubmissions(
      [1, 2, 3],
      one,
      [s(1, 10, 1, 7), s(2, 10, 1, 1, { conflict: true }), s(2, 12, 1, 1, { removed: true }), s(1, 11, 1, 4), s(2, 11, 1, 6)],
      10,
      'normalized',
    );
    // Juror 10 counts only entry 1 (z 0); juror 11: 4 and 6 → −1 and 1. Entry 1: (0 − 1)/2; entry 2: 1; entry 3 none.
    expect(rows.map((r) => [r.applicationId, r.normalized])).toEqual([
      [2, 1],
      [1, -0.5],
      [3, null],
    ]);
  });
});
