import type { Criterion, JudgingRound, Juror, JurorStatus, Lang } from '@axoo/contract';
import type { CriterionRow, JurorRow, RoundRow } from './queries.ts';

export function presentCriterion(row: CriterionRow, lang: Lang) {
  return {
    id: row.id,
    invite: row.inviteId,
    name_ko: row.nameKo,
    name_en: row.nameEn,
    name: lang === 'en' ? row.nameEn : row.nameKo,
    description: row.description,
    weight: row.weight,
    order: row.order,
  } satisfies Criterion;
}

export const jurorStatus = (row: JurorRow): JurorStatus => (row.removed ? 'removed' : row.accepted ? 'accepted' : 'invited');

export function presentJuror(row: JurorRow, name: string | null, scored: number, total = 0) {
  return {
    id: row.id,
    invite: row.inviteId,
    email: row.email,
    name,
    status: jurorStatus(row),
    created: row.created.toISOString(),
    scored,
    total,
  } satisfies Juror;
}

export function presentRound(row: RoundRow, shortlist: number) {
  return { id: row.id, number: row.number, closed: row.closed ? row.closed.toISOString() : null, shortlist } satisfies JudgingRound;
}
