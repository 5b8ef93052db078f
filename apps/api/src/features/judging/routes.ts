import {
  CRITERIA_MAX,
  CriterionSchema,
  CRITERION_DESCRIPTION_MAX,
  CRITERION_NAME_MAX,
  ExportStateSchema,
  JUDGING_PAGE_SIZE,
  JudgingDashboardSchema,
  JudgingQueueSchema,
  JudgingSchema,
  JurorAcceptedSchema,
  JurorInvitationSchema,
  JurorInvitedSchema,
  JUROR_COMMENT_MAX,
  JURORS_MAX,
  numericIdParams,
  RankingSchema,
  ReviewSchema,
  RoundSchema,
  ScoreSchema,
  SCORE_SCALE_MAX,
  SCORE_SCALE_MIN,
  SHORTLIST_MAX,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteSnapshots } from '../../db/schema/index.ts';
import { errorResponses } from '../../http/errors.ts';
import { baseUrl, paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import { sendDownload } from '../../media/archive.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import * as q from './queries.ts';
import { buildPack, getPack, PACK_JOB, packForDownload, requestPack } from './pack.ts';
import * as service from './service.ts';

const tags = ['judging'];
const id = numericIdParams.shape.id;
const idParams = numericIdParams;
const name = z.string().trim().min(1).max(CRITERION_NAME_MAX);
const criterionBody = z.object({
  name_ko: name,
  name_en: name,
  description: z.string().trim().max(CRITERION_DESCRIPTION_MAX).optional(),
  weight: z.number().int().min(WEIGHT_MIN).max(WEIGHT_MAX).optional(),
  order: z.number().int().min(0).max(1000).optional(),
});
const comment = z.string().max(JUROR_COMMENT_MAX);
const noContent = z.null().describe('No content');

/**
 * Open-call judging (issue #16): rubric, jurors, the blind queue and scores, rounds and the ranking, the juror pack
 * and the owner's dashboard. Every service checks access once at its top (`requireAccess`).
 */
export async function judgingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The frozen copies' images stay while their invite (and so the snapshot) exists, whatever the artist edits.
  app.mediaCleanup.retain(columnRetainer([inviteSnapshots.cover, inviteSnapshots.croppedCover], [inviteSnapshots.content]));
  // The juror pack goes with its invite (issue #13).
  app.mediaCleanup.collect('invite', (db, id) => q.packKeysOf(db, [id]));
  app.jobs.handle<{ invite: number }>(PACK_JOB, async ({ invite }) => {
    try {
      await buildPack(app, invite);
    } catch (error) {
      await q.updateExport(app.db, invite, { status: 'failed', finished: new Date() });
      throw error;
    }
  });

  // The overview and its settings.
  r.get(
    '/api/v1/invites/:id/jury/',
    {
      schema: {
        tags,
        summary: 'Rubric, scale, rounds; jurors and their progress for the owner and staff (jurors see the rubric)',
        params: idParams,
        response: { 200: JudgingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getJudging(app.db, request.user, request.params.id, request.lang),
  );
  r.put(
    '/api/v1/invites/:id/jury/',
    {
      schema: {
        tags,
        summary: 'Score scale (until the first score) and whether jurors see names (owner, staff)',
        params: idParams,
        body: z.object({ scale: z.number().int().min(SCORE_SCALE_MIN).max(SCORE_SCALE_MAX).optional(), reveal_names: z.boolean().optional() }),
        response: { 200: JudgingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await service.updateSettings(app.db, request.user, request.params.id, request.body);
      return service.getJudging(app.db, request.user, request.params.id, request.lang);
    },
  );

  // The rubric.
  r.post(
    '/api/v1/invite-criteria/',
    {
      schema: {
        tags,
        summary: 'Add a criterion to the rubric (owner, staff; until the first score)',
        body: criterionBody.extend({ invite: id }),
        response: { 201: CriterionSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCriterion(app.db, request.user, request.body, CRITERIA_MAX, request.lang)),
  );
  r.put(
    '/api/v1/invite-criteria/:id/',
    {
      schema: {
        tags,
        summary: 'Change a criterion (owner, staff; until the first score)',
        params: idParams,
        body: criterionBody,
        response: { 200: CriterionSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.updateCriterion(app.db, request.user, request.params.id, request.body, request.lang),
  );
  r.delete(
    '/api/v1/invite-criteria/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a criterion (owner, staff; until the first score)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteCriterion(app.db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Jurors.
  r.get(
    '/api/v1/invite-jurors/',
    { schema: { tags, summary: 'The calls the viewer judges', response: { 200: z.array(JurorInvitationSchema), ...errorResponses(403) } } },
    async (request) => service.listMyJuries(app.db, request.user),
  );
  r.post(
    '/api/v1/invite-jurors/',
    {
      schema: {
        tags,
        summary: 'Invite a juror by e-mail (owner, staff); the mail holds a signed link to accept',
        body: z.object({ invite: id, email: z.email('field.invalid_email').max(254) }),
        response: { 201: JurorInvitedSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.inviteJuror(app, request.user, request.body, request.lang, baseUrl(request), JURORS_MAX)),
  );
  r.post(
    '/api/v1/invite-jurors/:id/accept/',
    {
      schema: {
        tags,
        summary: 'Accept a jury invitation with the mailed token (logged in: the account is linked)',
        params: idParams,
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: JurorAcceptedSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.acceptJuror(app, request.user, request.params.id, request.body.token),
  );
  r.delete(
    '/api/v1/invite-jurors/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a juror (owner, staff); their scores stay, marked',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeJuror(app.db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The blind queue and scores.
  r.get(
    '/api/v1/invites/:id/judging/',
    {
      schema: {
        tags,
        summary: "The juror's blind queue of the current round, paged",
        params: idParams,
        querystring: z.object(pagingQuery),
        response: { 200: JudgingQueueSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const page = parsePaging(request.query, JUDGING_PAGE_SIZE);
      const result = await service.getQueue(app.db, request.user, request.params.id, page, request.lang);
      return { ...result, ...paged(request, page, result.count, result.results) };
    },
  );
  r.post(
    '/api/v1/invite-scores/',
    {
      schema: {
        tags,
        summary: "Create or update the juror's score of a submission on a criterion (and the private comment)",
        body: z.object({ application: id, criterion: id, score: z.number().int(), comment: comment.optional() }),
        response: { 200: ScoreSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.scoreSubmission(app.db, request.user, request.body),
  );
  r.post(
    '/api/v1/invite-reviews/',
    {
      schema: {
        tags,
        summary: "The juror's private comment and conflict of interest on a submission",
        body: z.object({ application: id, comment: comment.optional(), conflict: z.boolean().optional() }),
        response: { 200: ReviewSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.reviewSubmission(app.db, request.user, request.body),
  );

  // Rounds and the ranking.
  r.post(
    '/api/v1/invite-rounds/',
    {
      schema: {
        tags,
        summary: 'Open the next round with a shortlist of the closed one: the top N or hand-picked (owner, staff)',
        body: z.object({ invite: id, top: z.number().int().min(1).max(SHORTLIST_MAX).optional(), applications: z.array(id).max(SHORTLIST_MAX).optional() }),
        response: { 201: RoundSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.startRound(app, request.user, request.body, baseUrl(request))),
  );
  r.post(
    '/api/v1/invite-rounds/:id/close/',
    {
      schema: {
        tags,
        summary: 'Close a round (owner, staff): no more scores; jurors may see the ranking',
        params: idParams,
        response: { 200: RoundSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.closeRound(app.db, request.user, request.params.id),
  );
  r.get(
    '/api/v1/invites/:id/ranking/',
    {
      schema: {
        tags,
        summary: 'The ranking of a round: weighted mean, standard deviation, counts, agreement (owner, staff; jurors once it is closed)',
        params: idParams,
        querystring: z.object({ round: z.coerce.number().int().min(1).max(1000).optional() }),
        response: { 200: RankingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getRanking(app.db, request.user, request.params.id, request.query.round),
  );

  // The juror pack and the dashboard.
  r.post(
    '/api/v1/invites/:id/export/',
    {
      schema: {
        tags,
        summary: 'Start the juror pack (owner, staff): a background job',
        params: idParams,
        response: { 202: ExportStateSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPack(app.db, request.user, request.params.id)),
  );
  r.get(
    '/api/v1/invites/:id/export/',
    {
      schema: {
        tags,
        summary: "The juror pack's progress, and its signed download once done (owner, staff)",
        params: idParams,
        response: { 200: ExportStateSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => getPack(app, request.user, request.params.id, baseUrl(request)),
  );
  r.get(
    '/api/v1/invites/:id/export/download/',
    {
      schema: {
        tags,
        summary: 'Download the juror pack (owner, staff, with the signed link)',
        params: idParams,
        querystring: z.object({ token: z.string().max(200) }),
        response: {
          200: z.string().describe('The ZIP (application/zip, Content-Disposition: attachment): images/<submission>-<n>.<ext>, answers.csv, scores.csv'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const pack = await packForDownload(app, request.user, request.params.id, request.query.token);
      return sendDownload(reply, app.storage, pack.key, pack.filename);
    },
  );
  r.get(
    '/api/v1/invites/:id/dashboard/',
    {
      schema: {
        tags,
        summary: 'Submissions per day and by genre, scoring progress per juror (owner, staff)',
        params: idParams,
        response: { 200: JudgingDashboardSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getDashboard(app.db, request.user, request.params.id, request.lang),
  );
}
