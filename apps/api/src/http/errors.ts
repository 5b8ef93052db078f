import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { hasMessage, type Lang, translate } from '@axoo/contract';
import { z } from 'zod';
import { requestLang } from './i18n.ts';

/** A message key with its placeholders, translated when the response is written. */
export type Message = string | { key: string; params?: Record<string, string | number> };
export type FieldErrors = Record<string, Message | Message[]>;

/** An expected failure with a DRF-style body: `{field: [messages]}` or `{detail}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { detail: Message } | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

/** An error answer as written (translated): `{detail: message}`, or `{field: [messages]}` per field at fault. */
export const ErrorBodySchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .describe('DRF-style: {"detail": "…"} or {"<field>": ["…"]} (non_field_errors for the request as a whole), in the asker\'s language');
const ERROR_MEANINGS = {
  400: 'Bad input: a message under each field at fault',
  403: 'Not logged in, or not allowed ({detail})',
  404: 'No such object ({detail})',
} as const;

/** The error answers a route may give, for its OpenAPI `response` map. */
export function errorResponses<C extends keyof typeof ERROR_MEANINGS>(...codes: C[]) {
  return Object.fromEntries(codes.map((c) => [c, ErrorBodySchema.describe(ERROR_MEANINGS[c])])) as Record<C, typeof ErrorBodySchema>;
}

export const badRequest = (fields: FieldErrors) => new AppError(400, fields);
export const notFound = () => new AppError(404, { detail: 'not_found' });
/** DRF session auth answers 403 both for "not logged in" and "not allowed" (SPEC §6: 403 → /login/). */
export const notAuthenticated = () => new AppError(403, { detail: 'auth.required' });
export const forbidden = () => new AppError(403, { detail: 'auth.forbidden' });

export function renderMessage(lang: Lang, message: Message): string {
  return typeof message === 'string' ? translate(lang, message) : translate(lang, message.key, message.params);
}

export function renderBody(lang: Lang, body: AppError['body']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(body)) {
    // A body field named `detail` (issue #31's report) keeps its list of messages; the DRF `detail` is one message.
    if (field === 'detail' && !Array.isArray(value)) out.detail = renderMessage(lang, value as Message);
    else out[field] = (Array.isArray(value) ? value : [value]).map((m) => renderMessage(lang, m));
  }
  return out;
}

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Maps one zod issue to a message key: our own keys pass through, zod's defaults get a localized message. */
export function issueMessage(issue: Issue): Message {
  const p = issue.params ?? {};
  if (issue.message && hasMessage(issue.message)) {
    const params: Record<string, string | number> = {};
    // A refinement's own bounds arrive under `params` (`refine(fn, {message, params: {minimum, maximum}})`).
    const bounds = { ...(typeof p.params === 'object' && p.params !== null ? p.params : {}), ...p } as Record<string, unknown>;
    if (typeof bounds.maximum === 'number' || typeof bounds.maximum === 'bigint') params.max = Number(bounds.maximum);
    if (typeof bounds.minimum === 'number' || typeof bounds.minimum === 'bigint') params.min = Number(bounds.minimum);
    return { key: issue.message, params };
  }
  const origin = p.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      if (issue.message?.includes('received undefined') || issue.message?.includes('received null')) return 'field.required';
      if (p.expected === 'number' || p.expected === 'int') return 'field.invalid_number';
      return 'field.invalid';
    case 'too_big':
      if (origin === 'string') return { key: 'field.too_long', params: { max: Number(p.maximum) } };
      if (origin === 'array' || origin === 'set') return { key: 'field.too_many', params: { max: Number(p.maximum) } };
      return { key: 'field.too_large', params: { max: Number(p.maximum) } };
    case 'too_small':
      if (origin === 'string') return Number(p.minimum) <= 1 ? 'field.required' : { key: 'field.too_short', params: { min: Number(p.minimum) } };
      if (origin === 'array' || origin === 'set') return 'field.required';
      return { key: 'field.too_small', params: { min: Number(p.minimum) } };
    case 'invalid_format':
      if (p.format === 'email') return 'field.invalid_email';
      if (p.format === 'date' || p.format === 'datetime') return 'field.invalid_date';
      return 'field.invalid';
    case 'invalid_value':
    case 'invalid_enum_value':
      return 'field.invalid_choice';
    default:
      return 'field.invalid';
  }
}

export function fieldErrorsFromIssues(issues: Issue[]): FieldErrors {
  const fields: Record<string, Message[]> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || 'non_field_errors';
    fields[field] ??= [];
    fields[field].push(issueMessage(issue));
  }
  return fields;
}

/** The path parameters that are ids (`/api/v1/artworks/:id/`, insights' `/artworks/:artwork/`). */
const PATH_IDS = /^\/(id|artwork)$/;

function send(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  return reply.status(error.statusCode).send(renderBody(request.lang, error.body));
}

/**
 * Named plugin `errors`: every failure leaves as JSON in the request's language, never a stack trace,
 * and nothing a client sends can turn into a 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return send(request, reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        // One path-id rule (issue #28): a path id that cannot name a resource (`/api/v1/invites/abc/`) names nothing, a
        // 404 like a missing row, whichever schema its route checks it with (docs/ARCHITECTURE.md, "A request").
        if (error.validationContext === 'params' && error.validation.every((issue) => PATH_IDS.test(issue.instancePath))) {
          return send(request, reply, notFound());
        }
        return send(request, reply, badRequest(fieldErrorsFromIssues(error.validation)));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return send(request, reply, new AppError(500, { detail: 'server.error' }));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        const seconds = Number(reply.getHeader('retry-after') ?? 60);
        return send(request, reply, new AppError(429, { detail: { key: 'rate_limited', params: { seconds } } }));
      }
      if (status === 413) return send(request, reply, new AppError(413, { detail: 'request.too_large' }));
      if (status === 415) return send(request, reply, new AppError(415, { detail: 'request.unsupported_type' }));
      if (status >= 400 && status < 500) {
        // Malformed JSON, bad content length, empty body with a JSON content type, and the like.
        return send(request, reply, new AppError(400, { detail: 'request.malformed' }));
      }
      if (nothingToChange(error)) {
        // Issue #36: a change that names no field the resource has (`{}`) is the client's mistake, said plainly; a
        // route need not check for it (docs/ARCHITECTURE.md, "An empty change").
        return send(request, reply, badRequest({ non_field_errors: 'request.nothing_to_change' }));
      }
      if (databaseUnavailable(error)) {
        // The database is down or restarting (issue #15 outage): a clean 503 the client and the balancer can retry.
        request.log.warn({ err: error }, 'database unavailable');
        return send(request, reply, new AppError(503, { detail: 'server.unavailable' }, { 'Retry-After': '5' }));
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, new AppError(500, { detail: 'server.error' }));
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);

/**
 * Fastify's `frameworkErrors` (issue #15): a URL the router cannot decode (bad percent-encoding, an encoded lone
 * surrogate) or a path parameter over the router's length is refused before any route or hook runs. It leaves
 * like every other refusal: the DRF shape, in the request's language, with the security headers of its URL (the
 * `onSend` chain does not run for it).
 */
export function frameworkErrors(headersFor: (url: string) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '/';
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
    const detail = tooLong ? 'request.url_too_long' : status === 400 ? 'request.bad_url' : 'server.error';
    const body = JSON.stringify(renderBody(requestLang(url, request.headers), { detail }));
    reply.headers(headersFor(url)).header('content-type', 'application/json; charset=utf-8').status(status).send(body);
  };
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', detail: 'request.headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', detail: 'request.timeout' },
};

/**
 * Fastify's `clientErrorHandler` (issue #36): what Node's HTTP parser refuses before there is a request (headers over
 * its limit: 431; a request line or framing it cannot read: 400; too slow: 408) is answered in our shape, `{detail}` in
 * the language the raw request asked for when it can be read, Korean otherwise, instead of Fastify's English
 * `{error, message, statusCode}`. The connection is closed after it, as Node would.
 */
export function clientErrors(headersFor: (url: string) => Record<string, string>) {
  return (error: Error, socket: Socket) => {
    const { code, rawPacket } = error as Error & { code?: string; rawPacket?: unknown };
    if (code === 'ECONNRESET' || socket.destroyed) return;
    const known = CLIENT_ERRORS[code ?? ''] ?? { status: 400, reason: 'Bad Request', detail: 'request.malformed' };
    const raw = Buffer.isBuffer(rawPacket) ? rawPacket.toString('latin1') : '';
    const url = /^[A-Z]+ (\S+)/.exec(raw)?.[1] ?? '/';
    const header = (name: string) => new RegExp(`\r\n${name}:[ \t]*([^\r\n]{0,500})`, 'i').exec(raw)?.[1];
    const lang = requestLang(url, { cookie: header('cookie'), 'accept-language': header('accept-language') });
    const body = JSON.stringify(renderBody(lang, { detail: known.detail }));
    const headers = {
      ...headersFor(url),
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    if (socket.writable) {
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`HTTP/1.1 ${known.status} ${known.reason}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** Drizzle's refusal of an UPDATE whose SET would be empty (every field of the change was undefined). */
export function nothingToChange(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  return message === 'No values to set' || nothingToChange(cause, depth + 1);
}

/** PostgreSQL's codes for a server that is gone, starting, shutting down or full, and the driver's own. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  // A statement past statement_timeout, a transaction left idle past its timeout (issue #36: a slow or frozen database).
  '57014',
  '25P03',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/** Whether an error (or one it wraps, as Drizzle does) says the database cannot be reached right now. */
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return databaseUnavailable(cause, depth + 1);
}
