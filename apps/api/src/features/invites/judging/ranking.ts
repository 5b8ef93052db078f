/**
 * The ranking's arithmetic (issue #16), pure so that it is tested on its own. Each juror's score of a submission is
 * the weighted mean of the criteria they scored (Σ weight·score / Σ weight); the submission's mean is the mean of
 * those juror means, its spread their population standard deviation, and the jurors' agreement 1 − sd / (half the
 * scale's range), clamped to 0–1 (1: all gave the same; 0: as far apart as the scale allows). Scores of removed
 * jurors and of jurors who declared a conflict are counted apart and left out.
 *
 * Issue #33.4, normalised scores: a harsh juror and a generous one weigh the same once each juror's means are turned
 * into z-scores over the submissions that juror scored (z = (m − μ) / σ, population σ; 0 when the juror gave every
 * submission the same or scored only one), and a submission's `normalized` is the mean of its jurors' z-scores.
 */
export interface ScoreInput {
  applicationId: number;
  criterionId: number;
  jurorId: number;
  score: number;
  removed: boolean;
  conflict: boolean;
}

export interface RankedSubmission {
  applicationId: number;
  mean: number | null;
  /** The mean of the jurors' z-scores (issue #33.4), null when nobody scored it. */
  normalized: number | null;
  sd: number | null;
  jurors: number;
  scores: number;
  agreement: number | null;
  removedScores: number;
  criteria: Record<string, number | null>;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export type RankingOrder = 'mean' | 'normalized';

/** Each counted juror's weighted mean of each submission they scored: juror id → submission id → mean. */
function jurorMeans(applicationIds: number[], weight: Map<number, number>, scores: ScoreInput[]) {
  const wanted = new Set(applicationIds);
  const sums = new Map<number, Map<number, { w: number; ws: number }>>();
  for (const s of scores) {
    const w = weight.get(s.criterionId);
    if (w === undefined || s.removed || s.conflict || !wanted.has(s.applicationId)) continue;
    const mine = sums.get(s.jurorId) ?? new Map<number, { w: number; ws: number }>();
    const sum = mine.get(s.applicationId) ?? { w: 0, ws: 0 };
    sum.w += w;
    sum.ws += w * s.score;
    mine.set(s.applicationId, sum);
    sums.set(s.jurorId, mine);
  }
  return new Map([...sums].map(([juror, perApp]) => [juror, new Map([...perApp].map(([app, { w, ws }]) => [app, ws / w]))]));
}

/** Submission id → the mean of its jurors' z-scores (each juror standardised over the submissions they scored). */
export function normalizedScores(applicationIds: number[], criteria: { id: number; weight: number }[], scores: ScoreInput[]): Map<number, number> {
  const zs = new Map<number, number[]>();
  for (const perApp of jurorMeans(applicationIds, new Map(criteria.map((c) => [c.id, c.weight])), scores).values()) {
    const values = [...perApp.values()];
    const mu = values.reduce((a, b) => a + b, 0) / values.length;
    const sigma = Math.sqrt(values.reduce((sum, m) => sum + (m - mu) ** 2, 0) / values.length);
    for (const [app, m] of perApp) zs.set(app, [...(zs.get(app) ?? []), sigma > 1e-9 ? (m - mu) / sigma : 0]);
  }
  return new Map([...zs].map(([app, list]) => [app, list.reduce((a, b) => a + b, 0) / list.length]));
}

export function rankSubmissions(
  applicationIds: number[],
  criteria: { id: number; weight: number }[],
  scores: ScoreInput[],
  scale: number,
  by: RankingOrder = 'mean',
): RankedSubmission[] {
  const weight = new Map(criteria.map((c) => [c.id, c.weight]));
  const normalized = normalizedScores(applicationIds, criteria, scores);
  const rows = applicationIds.map((applicationId) => {
    const mine = scores.filter((s) => s.applicationId === applicationId && weight.has(s.criterionId));
    const counted = mine.filter((s) => !s.removed && !s.conflict);
    const byJuror = new Map<number, ScoreInput[]>();
    for (const s of counted) byJuror.set(s.jurorId, [...(byJuror.get(s.jurorId) ?? []), s]);
    const means = [...byJuror.values()].map((list) => {
      const w = list.reduce((sum, s) => sum + (weight.get(s.criterionId) ?? 0), 0);
      return list.reduce((sum, s) => sum + (weight.get(s.criterionId) ?? 0) * s.score, 0) / w;
    });
    const mean = means.length ? means.reduce((a, b) => a + b, 0) / means.length : null;
    const sd = mean === null ? null : Math.sqrt(means.reduce((sum, m) => sum + (m - mean) ** 2, 0) / means.length);
    const half = (scale - 1) / 2;
    const agreement = sd === null || means.length < 2 ? null : Math.max(0, Math.min(1, 1 - sd / half));
    const perCriterion: Record<string, number | null> = {};
    for (const c of criteria) {
      const list = counted.filter((s) => s.criterionId === c.id);
      perCriterion[String(c.id)] = list.length ? round3(list.reduce((a, s) => a + s.score, 0) / list.length) : null;
    }
    return {
      applicationId,
      mean: mean === null ? null : round3(mean),
      normalized: normalized.has(applicationId) ? round3(normalized.get(applicationId) ?? 0) : null,
      sd: sd === null ? null : round3(sd),
      jurors: means.length,
      scores: counted.length,
      agreement: agreement === null ? null : round3(agreement),
      removedScores: mine.filter((s) => s.removed).length,
      criteria: perCriterion,
    };
  });
  // Best first by the chosen figure (by normalized: ties by mean); unscored last; then more jurors, the earlier submission.
  const key = (r: RankedSubmission, k: RankingOrder) => r[k] ?? Number.NEGATIVE_INFINITY;
  const cmp = (x: number, y: number) => (x === y ? 0 : y > x ? 1 : -1);
  const first = (a: RankedSubmission, b: RankedSubmission) => cmp(key(a, by), key(b, by)) || (by === 'normalized' ? cmp(key(a, 'mean'), key(b, 'mean')) : 0);
  return rows.sort((a, b) => first(a, b) || b.jurors - a.jurors || a.applicationId - b.applicationId);
}
