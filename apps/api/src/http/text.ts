import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, type FieldErrors } from './errors.ts';

/** Half of a surrogate pair, alone. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A NUL, or a lone surrogate: PostgreSQL refuses both in text, so no such string may reach it. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
const MAX_DEPTH = 32;

/** Paths (`tags.0`, `answers.1.answer`) of the strings of a value that cannot be stored, keys included. */
export function unstorableTexts(value: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (unstorable(value)) found.push(path || 'non_field_errors');
  } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (unstorable(key)) found.push(at);
      else unstorableTexts(item, at, depth + 1, found);
    }
  }
  return found;
}

/** Secrets are compared as the user typed them (their hashes were made that way); everything else is text. */
const SECRET_KEY = /password|token/i;

/**
 * Every string of a value in Unicode NFC (keys too), so names, usernames, tags and searches typed with decomposed
 * Hangul or accents (macOS, some keyboards) compare equal to the composed form that other people type.
 */
export function toNfc(value: unknown, key = '', depth = 0): unknown {
  if (typeof value === 'string') return SECRET_KEY.test(key) ? value : value.normalize('NFC');
  if (!value || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => toNfc(item, key, depth + 1));
  // An upload's bytes (a Buffer) are not text; parsed JSON, forms and queries (whatever their prototype) are.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
  return Object.fromEntries(Object.entries(value).map(([k, item]) => [k.normalize('NFC'), toNfc(item, k, depth + 1)]));
}

/**
 * Named plugin `text-guard` (issue #15, text at the edge): every query, path, form and JSON string is checked
 * before validation, and one that holds a NUL or an unpaired surrogate is a 400 with a message under its field,
 * in the request's language, instead of a database error. The rest is normalised to NFC before any route sees it.
 */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const found = [...unstorableTexts(request.params), ...unstorableTexts(request.query), ...unstorableTexts(request.body)];
      if (found.length) {
        const fields: FieldErrors = {};
        for (const path of found) fields[path] = 'text.unstorable';
        throw badRequest(fields);
      }
      request.params = toNfc(request.params) as typeof request.params;
      request.query = toNfc(request.query) as typeof request.query;
      if (request.body !== undefined) request.body = toNfc(request.body);
    });
  },
  { name: 'text-guard', dependencies: ['errors'] },
);
