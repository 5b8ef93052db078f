import type { QuestionKind } from '@axoo/contract';
import { QUESTION_KINDS } from '@axoo/contract';
import { z } from 'zod';
import { badRequest } from '../../../http/errors.ts';

/** Issue #33.1: what a question's body may say of its kind: free text, or an eligibility yes/no with the answer that passes. */
export const questionKindFields = {
  kind: z.enum(QUESTION_KINDS).optional(),
  required_answer: z.boolean().nullable().optional(),
};

export interface QuestionKindInput {
  kind?: QuestionKind;
  required_answer?: boolean | null;
}

/**
 * The stored kind and passing answer of a question (`field` names the body's place for the 400): an eligibility
 * question needs `required_answer`, a text one has none. `current` is the stored question a change leaves as it is.
 */
export function questionKind(input: QuestionKindInput, field: string, current?: { kind: QuestionKind; requiredAnswer: boolean | null }) {
  const kind = input.kind ?? current?.kind ?? 'text';
  const requiredAnswer = input.required_answer !== undefined ? input.required_answer : kind === current?.kind ? current.requiredAnswer : null;
  if (kind === 'eligibility' && (requiredAnswer === null || requiredAnswer === undefined)) throw badRequest({ [field]: 'invite.required_answer' });
  if (kind === 'text' && requiredAnswer !== null && requiredAnswer !== undefined) throw badRequest({ [field]: 'invite.required_answer_text' });
  return { kind, requiredAnswer: kind === 'eligibility' ? (requiredAnswer as boolean) : null };
}
