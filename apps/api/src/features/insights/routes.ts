import { ArtworkInsightsSchema, INSIGHT_WINDOWS, InsightsSchema, type InsightWindow, idPathParams, PlatformDaySchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../../http/auth.ts';
import { parseId } from '../../http/params.ts';
import { errorResponses } from '../../http/responses.ts';
import { insightsCsv, readArtworkInsights, readInsights, readPlatform } from './service.ts';

const days = z.enum(INSIGHT_WINDOWS.map(String) as ['7', '30', '90'], { error: 'insights.days_invalid' }).optional();
const query = z.object({ days, format: z.enum(['json', 'csv'], { error: 'field.invalid_choice' }).optional() });
const windowOf = (raw: string | undefined) => Number(raw ?? '30') as InsightWindow;
const artworkParams = z.object({ id: idPathParams.shape.id, artwork: idPathParams.shape.id });

/**
 * Issue #17: an artist's insights (owner only), one artwork's, their CSV and the platform totals for staff (the daily
 * rollups' job is `plugin.ts`'s). Reading writes nothing: the open days come from the raw tables.
 */
export async function insightRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/users/:id/insights/',
    {
      schema: {
        tags: ['insights'],
        summary: 'An artist’s numbers over 7, 30 or 90 days (owner only; 404 to anyone else)',
        description:
          'days: 7, 30 (default) or 90, ending today (UTC). format=csv answers the same numbers as text/csv (UTF-8 with BOM), ' +
          'one table per section of the page, apart by an empty line: days (with a total row), totals, artworks, referrers, applications.',
        params: idPathParams,
        querystring: query,
        response: { 200: InsightsSchema.describe('JSON, or text/csv with format=csv'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const insights = await readInsights(app, request.user, parseId(request.params.id), windowOf(request.query.days));
      if (request.query.format !== 'csv') return insights;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="insights-${insights.from}-${insights.to}.csv"`)
          .header('Cache-Control', 'private, no-store')
          // Text, not the JSON shape: fastify sends a string as it is (the schema types the JSON answer).
          .send(insightsCsv(insights) as never)
      );
    },
  );

  r.get(
    '/api/v1/users/:id/insights/artworks/:artwork/',
    {
      schema: {
        tags: ['insights'],
        summary: 'One of the artist’s artworks: views and collects per day over 7, 30 or 90 days (owner only; 404 otherwise)',
        params: artworkParams,
        querystring: z.object({ days }),
        response: { 200: ArtworkInsightsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => readArtworkInsights(app, request.user, parseId(request.params.id), parseId(request.params.artwork), windowOf(request.query.days)),
  );

  r.get(
    '/api/v1/admin/insights/',
    {
      schema: {
        tags: ['insights'],
        summary: 'Staff: platform totals per day (sign-ups, artworks, views, collects, follows, applications)',
        querystring: query,
        response: { 200: z.array(PlatformDaySchema), ...errorResponses(400, 403) },
      },
      preValidation: staffOnly,
    },
    async (request) => readPlatform(app, request.user, windowOf(request.query.days)),
  );
}
