/**
 * The ranking's arithmetic (issue #16), pure so that it is tested on its own. Each juror's score of a submission is
 * the weighted mean of the criteria they scored (Σ weight·score / Σ weight); the submission's mean is the mean of
 * those juror means, its spread their population standard deviation, and the jurors' agreement 1 − sd / (half the
 * scale's range), clamped to 0–1 (1: all gave the same; 0: as far apart as the scale allows). Scores of removed
 * jurors and of jurors who declared a conflict are counted apart and left out.
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
  sd: number | null;
  jurors: number;
  scores: number;
  agreement: number | null;
  removedScores: number;
  criteria: Record<string, number | null>;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function rankSubmissions(applicationIds: number[], criteria: { id: number; weight: number }[], scores: ScoreInput[], scale: number): RankedSubmission[] {
  const weight = new Map(criteria.map((c) => [c.id, c.weight]));
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
      sd: sd === null ? null : round3(sd),
      jurors: means.length,
      scores: counted.length,
      agreement: agreement === null ? null : round3(agreement),
      removedScores: mine.filter((s) => s.removed).length,
      criteria: perCriterion,
    };
  });
  // Best first; unscored last; ties by more jurors, then the earlier submission.
  return rows.sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1) || b.jurors - a.jurors || a.applicationId - b.applicationId);
}
