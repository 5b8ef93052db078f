import { DATE_YEAR_MAX, DATE_YEAR_MIN } from '@axoo/contract';
import type { QuestionKind } from '@axoo/contract';
import type { InviteDetail, InviteInput, InviteQuestion } from '../api/invites.ts';

/** ISO date → the value of a datetime-local input, in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
/** The years the server takes (contract), as the date pickers' bounds. */
export const dateBounds = { min: `${DATE_YEAR_MIN}-01-01T00:00`, max: `${DATE_YEAR_MAX}-12-31T23:59` };

export interface QuestionDraft {
  id: number | null;
  question: string;
  /** Issue #33.1: a free-text question, or an eligibility one asked first with the answer that passes ('yes' / 'no'). */
  kind: QuestionKind;
  pass: 'yes' | 'no';
}

/** The invite form's values: the owner as typed (id or slug), dates as the inputs hold them. */
export interface InviteValues extends Omit<InviteInput, 'owner' | 'closed' | 'selected' | 'questions' | 'grace_minutes' | 'jury_statement'> {
  owner: string;
  closed: string;
  selected: string;
  questions: QuestionDraft[];
  /** Issue #33.6, as the number input holds it. */
  grace_minutes: string;
  jury_statement: string;
}

export const emptyInvite: InviteValues = {
  owner: '',
  title: '',
  subtitle: '',
  description: '',
  logo: '',
  background: '',
  status: 'review',
  closed: '',
  selected: '',
  questions: [],
  grace_minutes: '0',
  jury_statement: '',
};

/** A saved invite and its questions as the form's values. */
export function valuesOf(invite: InviteDetail, questions: InviteQuestion[]): InviteValues {
  return {
    owner: invite.owner ? String(invite.owner.id) : '',
    title: invite.title,
    subtitle: invite.subtitle,
    description: invite.description,
    logo: invite.logo,
    background: invite.background,
    status: invite.status,
    closed: toLocalInput(invite.closed),
    selected: toLocalInput(invite.selected),
    questions: questions.map((q) => ({ id: q.id, question: q.question, kind: q.kind, pass: q.required_answer === false ? 'no' : 'yes' })),
    grace_minutes: String(invite.grace_minutes),
    jury_statement: invite.jury_statement,
  };
}

/** What the form sends: staff also send the owner and the status; dates only when they changed. */
export function payloadOf(form: InviteValues, invite: InviteDetail | null, staff: boolean): InviteInput {
  const owner = /^\d+$/.test(form.owner.trim()) ? Number(form.owner.trim()) : form.owner.trim();
  return {
    ...(staff ? { owner, status: form.status } : {}),
    title: form.title,
    subtitle: form.subtitle,
    description: form.description,
    logo: form.logo,
    background: form.background,
    // A date left as it was is not sent: the input holds minutes, the stored date may hold seconds, and the
    // server's rules (never shorten an open call, a closed call's dates are fixed) judge only a change.
    ...(invite && form.closed === toLocalInput(invite.closed) ? {} : { closed: fromLocalInput(form.closed) }),
    ...(invite && form.selected === toLocalInput(invite.selected) ? {} : { selected: fromLocalInput(form.selected) }),
    // The invite and its whole question list are saved in one transaction.
    questions: form.questions.filter((q) => q.question.trim()).map(questionPayload),
    grace_minutes: Number(form.grace_minutes) || 0,
    jury_statement: form.jury_statement,
  };
}

/** One question as the server takes it: an eligibility one carries the answer that passes. */
function questionPayload(q: QuestionDraft) {
  const kind = q.kind === 'eligibility' ? { kind: q.kind, required_answer: q.pass === 'yes' } : { kind: q.kind };
  return q.id === null ? { question: q.question, ...kind } : { id: q.id, question: q.question, ...kind };
}
