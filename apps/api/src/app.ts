import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, trustedProxies } from './config.ts';
import type { Database } from './db/client.ts';
import { healthPlugin } from './features/health/plugin.ts';
import { featureRegistry } from './features/index.ts';
import { galleryStatePlugin } from './domain/cards/state.ts';
import { rightsHeadersPlugin } from './domain/rights/headers.ts';
import { sitePlugin } from './features/site/plugin.ts';
import { countersPlugin } from './http/counters.ts';
import { csrfPlugin } from './http/csrf.ts';
import { dbPlugin } from './http/db.ts';
import { clientErrors, errorsPlugin, frameworkErrors, notFound } from './http/errors.ts';
import { changesPlugin } from './http/changes.ts';
import { guestAnswersPlugin } from './http/guest-answers.ts';
import { i18nPlugin } from './http/i18n.ts';
import { metricsPlugin } from './http/metrics.ts';
import { rateLimitPlugin } from './http/rate-limit.ts';
import { securityHeaders, securityPlugin } from './http/security.ts';
import { sessionsPlugin } from './http/sessions.ts';
import { replicaReadsPlugin } from './http/replica-reads.ts';
import { slowQueriesPlugin } from './http/slow-queries.ts';
import { textGuardPlugin } from './http/text.ts';
import { isApiPath, spaPlugin } from './pages/host.ts';
import { jobsPlugin } from './jobs/plugin.ts';
import { mailPlugin } from './mail/index.ts';
import { mediaCachePlugin } from './media/cache.ts';
import { mediaSigningPlugin } from './media/signing.ts';
import { mediaCleanupPlugin } from './media/cleanup.ts';
import { setDecodeBudget } from './media/decode-budget.ts';
import { storagePlugin } from './media/storage-plugin.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the whole application: infrastructure plugins first, then the features. Tests build it too.
 * Features are plain Fastify plugins registered at the root so their paths read as SPEC §7 writes them.
 */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // While closing, requests on connections already open are answered (server.ts closes them after), not 503.
    return503OnClosing: false,
    // A URL the router cannot decode is a 400 in the request's language, never Fastify's own English body.
    frameworkErrors: frameworkErrors(securityHeaders(config)),
    // What Node's parser refuses (oversized headers: 431, unreadable framing: 400) in our shape too (issue #36).
    clientErrorHandler: clientErrors(securityHeaders(config)),
  });
  // One memory budget for every image decode of the process (issue #36).
  setDecodeBudget(config.DECODE_BUDGET_MB);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure, in dependency order.
  await app.register(dbPlugin, { database, config });
  await app.register(changesPlugin);
  await app.register(jobsPlugin);
  // Before every route, so its answer hook measures them all (issue #32).
  await app.register(metricsPlugin);
  await app.register(slowQueriesPlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  // First of the request hooks: a rendition in memory is answered before cookies, sessions and CSRF (issue #14).
  await app.register(mediaCachePlugin);
  await app.register(mediaSigningPlugin);
  await app.register(mediaCleanupPlugin);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(textGuardPlugin);
  // Before compression: the AI-training opt-out headers (issue #18) read the answer as text.
  await app.register(rightsHeadersPlugin);
  // Dynamic answers (JSON, pages) compressed on the fly at a cheap brotli level; static assets are
  // sent precompressed by the spa plugin.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  // After the cookies are read: a browser that just wrote reads from the primary (issue #32).
  await app.register(replicaReadsPlugin);
  await app.register(formbody);
  await app.register(securityPlugin);
  await app.register(countersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(sessionsPlugin);
  await app.register(csrfPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.SITE_NAME} API`, version: '1.0.0', description: 'Portfolio gallery and open calls. See SPEC.md §7.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(guestAnswersPlugin);
  await app.register(spaPlugin);
  // The shared layer's per-process state: the artwork cards and details every list and the detail answer with.
  await app.register(galleryStatePlugin);

  // Features.
  await app.register(healthPlugin);
  await app.register(sitePlugin);
  for (const register of featureRegistry) await app.register(register);

  // Any other GET is a page of the SPA, or a JSON 404 under the API prefixes. A route rather than
  // the not-found handler, so the page passes through the route hooks (compression) like any answer.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (isApiPath(new URL(request.url, 'http://x').pathname)) throw notFound();
    return app.sendSpa(request, reply);
  });
  app.setNotFoundHandler(async () => {
    throw notFound();
  });
  return app;
}
