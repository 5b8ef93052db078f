import {
  ANSWER_MAX,
  COLUMN_WIDTHS,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  dateInRange,
  GRACE_MINUTES_MAX,
  JURY_STATEMENT_MAX,
  INVITE_STATUSES,
  INVITE_TITLE_MAX,
  numericIdParams,
  presignSchema,
} from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { notAuthenticated } from '../../http/errors.ts';
import { createPresignedUpload } from '../../media/service.ts';
import { questionKindFields } from './questions/kind.ts';

/** Request schemas shared by the invite sub-resources' routes. */
export const id = numericIdParams.shape.id;
export const idParams = numericIdParams;
export const color = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'field.invalid_color');
export const order = z.number().int().min(0).max(100_000);
export const width = z.union(COLUMN_WIDTHS.map((w) => z.literal(w)) as [z.ZodLiteral<6>, z.ZodLiteral<12>], { error: 'invite.column_width' });
/** A date that parses is still refused outside the contract's years (issue #19: 400 under its field, never a 500 from the DB). */
const inYears = { message: 'field.date_range', params: { minimum: DATE_YEAR_MIN, maximum: DATE_YEAR_MAX } };
export const date = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'field.invalid_date', abort: true })
  .refine(dateInRange, inYears)
  .nullable()
  .optional();
/** A calendar day, YYYY-MM-DD (filters by submission date). */
export const day = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)), { message: 'field.invalid_date', abort: true })
  .refine(dateInRange, inYears);
export const answer = z.string().trim().min(1).max(ANSWER_MAX, 'invite.answer_max');

export const inviteBody = z.object({
  /** Staff name any owner (id or e-mail); anyone else's call is their own. */
  owner: z.union([z.number().int().positive(), z.string().trim().max(254)], { error: 'invite.owner_required' }).optional(),
  title: z.string().trim().min(1).max(INVITE_TITLE_MAX),
  subtitle: z.string().trim().max(INVITE_TITLE_MAX).optional(),
  description: z.string().max(5000).optional(),
  logo: z.string().max(300).optional(),
  background: z.string().max(300).optional(),
  /** Staff set any status; an owner only publishes the selection of a call under examination. */
  status: z.enum(INVITE_STATUSES).optional(),
  closed: date,
  selected: date,
  /** Issue #33.6: minutes after `closed` during which entries are still taken, marked late. */
  grace_minutes: z.number().int().min(0).max(GRACE_MINUTES_MAX).optional(),
  /** Issue #33.8: the jury's statement on the published results. */
  jury_statement: z.string().trim().max(JURY_STATEMENT_MAX).optional(),
  /** The whole question list in order, saved with the invite in one transaction (omit to leave it). */
  questions: z
    .array(z.object({ id: z.number().int().positive().optional(), question: z.string().trim().min(1).max(1000), ...questionKindFields }))
    .max(20)
    .optional(),
});

export const columnBody = z.object({
  content: z.string().max(200_000).optional(),
  width: width.optional(),
  order: order.optional(),
});

export const tags = ['invites'];

/** Anyone who may start a call: a logged-in user (checked before validation, so a guest gets the login answer). */
export async function signedIn(request: FastifyRequest) {
  if (!request.user) throw notAuthenticated();
}

/** A presigned image upload (SPEC §7 media flow) into `prefix` for a call's images: any logged-in user, as owner of the file. */
export function callImagePresignRoute(app: FastifyInstance, path: string, summary: string, prefix: string) {
  app.withTypeProvider<ZodTypeProvider>().post(path, { schema: { tags, summary, body: presignSchema }, preValidation: signedIn }, async (request) => {
    const { filename, type, size, width, height } = request.body;
    return createPresignedUpload(app, { ownerId: requireUser(request).id, filename, contentType: type, size, width, height, prefix });
  });
}
