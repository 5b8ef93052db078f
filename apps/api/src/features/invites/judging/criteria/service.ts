import type { Lang } from '@axoo/contract';
import type { Db, Executor } from '../../../../db/client.ts';
import { badRequest, notFound } from '../../../../http/errors.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import { presentCriterion } from '../present.ts';
import * as shared from '../queries.ts';
import * as q from './queries.ts';
import { requireAccess } from '../service.ts';

export interface CriterionInput {
  name_ko: string;
  name_en: string;
  description?: string;
  weight?: number;
  order?: number;
}

async function assertUnlocked(db: Executor, inviteId: number) {
  if (await shared.hasScores(db, inviteId)) throw badRequest({ non_field_errors: 'judging.rubric_locked' });
}

export async function createCriterion(db: Db, viewer: UserRow | null, input: CriterionInput & { invite: number }, max: number, lang: Lang) {
  const { invite } = await requireAccess(db, viewer, input.invite, 'manage');
  return db.transaction(async (tx) => {
    await assertUnlocked(tx, invite.id);
    const existing = await shared.listCriteria(tx, invite.id);
    if (existing.length >= max) throw badRequest({ invite: { key: 'judging.criteria_max', params: { max } } });
    const row = await q.insertCriterion(tx, {
      inviteId: invite.id,
      nameKo: input.name_ko,
      nameEn: input.name_en,
      description: input.description ?? '',
      weight: input.weight ?? 1,
      order: input.order ?? existing.length,
    });
    return presentCriterion(row, lang);
  });
}

async function loadCriterion(db: Executor, viewer: UserRow | null, id: number) {
  const criterion = await shared.findCriterion(db, id);
  if (!criterion) throw notFound();
  await requireAccess(db, viewer, criterion.inviteId, 'manage');
  return criterion;
}

export async function updateCriterion(db: Db, viewer: UserRow | null, id: number, input: CriterionInput, lang: Lang) {
  const criterion = await loadCriterion(db, viewer, id);
  await assertUnlocked(db, criterion.inviteId);
  const row = await q.updateCriterion(db, id, {
    nameKo: input.name_ko,
    nameEn: input.name_en,
    description: input.description ?? criterion.description,
    weight: input.weight ?? criterion.weight,
    order: input.order ?? criterion.order,
  });
  return presentCriterion(row, lang);
}

export async function deleteCriterion(db: Db, viewer: UserRow | null, id: number) {
  const criterion = await loadCriterion(db, viewer, id);
  await assertUnlocked(db, criterion.inviteId);
  await q.deleteCriterion(db, id);
}
