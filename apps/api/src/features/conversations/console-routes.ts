import { ContactReportSchema, numericIdParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../../http/auth.ts';
import { searchRoute } from '../../domain/console/routes.ts';
import * as service from './service.ts';

/**
 * The staff console's reports (issue #20): messages reported from the inbox, open ones first; staff resolve a
 * report and can suspend (or restore) the contacting of the message's author. Staff only, checked before anything else.
 */
export async function conversationConsoleRoutes(app: FastifyInstance) {
  app.addHook('preValidation', staffOnly);
  searchRoute(
    app,
    '/api/v1/admin/message-reports/',
    'Reported messages, open first then newest; search the message, the subject and the author',
    ContactReportSchema,
    service.pageReports,
  );
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/v1/admin/message-reports/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: "Resolve or reopen a report; suspend or restore the contacting of the reported message's author",
        params: numericIdParams,
        body: z.object({ resolved: z.boolean().optional(), suspend_sender: z.boolean().optional() }),
        response: { 200: ContactReportSchema },
      },
    },
    async (request) => service.changeReport(app, request.params.id, request.body),
  );
}
