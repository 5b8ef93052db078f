import { INSIGHT_WINDOWS, type InsightWindow, idPathParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../../http/auth.ts';
import { parseId } from '../../http/params.ts';
import { insightsCsv, readInsights, readPlatform, refreshRollups } from './service.ts';

const days = z.enum(INSIGHT_WINDOWS.map(String) as ['7', '30', '90'], { error: 'insights.days_invalid' }).optional();
const query = z.object({ days, format: z.enum(['json', 'csv'], { error: 'field.invalid_choice' }).optional() });
const windowOf = (raw: string | undefined) => Number(raw ?? '30') as InsightWindow;

/** Issue #17: an artist's insights (owner only), their CSV, the platform totals for staff, and the daily rollups' job. */
export async function insightRoutes(app: FastifyInstance) {
  app.jobs.every('insights.rollup', app.config.INSIGHTS_ROLLUP_MS, () => refreshRollups(app));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/users/:id/insights/',
    {
      schema: {
        tags: ['insights'],
        summary: 'An artist’s numbers over 7, 30 or 90 days (owner only; 404 to anyone else); format=csv for one row per day',
        params: idPathParams,
        querystring: query,
      },
    },
    async (request, reply) => {
      const insights = await readInsights(app, request.user, parseId(request.params.id), windowOf(request.query.days));
      if (request.query.format !== 'csv') return insights;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="insights-${insights.from}-${insights.to}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(insightsCsv(insights));
    },
  );

  r.get(
    '/api/v1/admin/insights/',
    {
      schema: {
        tags: ['insights'],
        summary: 'Staff: platform totals per day (sign-ups, artworks, views, collects, follows, applications)',
        querystring: query,
      },
      preValidation: staffOnly,
    },
    async (request) => readPlatform(app, request.user, windowOf(request.query.days)),
  );
}
