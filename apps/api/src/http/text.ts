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

/**
 * Named plugin `text-guard` (issue #15, text at the edge): every query, path, form and JSON string is checked
 * before validation, and one that holds a NUL or an unpaired surrogate is a 400 with a message under its field,
 * in the request's language, instead of a database error.
 */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const found = [...unstorableTexts(request.params), ...unstorableTexts(request.query), ...unstorableTexts(request.body)];
      if (!found.length) return;
      const fields: FieldErrors = {};
      for (const path of found) fields[path] = 'text.unstorable';
      throw badRequest(fields);
    });
  },
  { name: 'text-guard', dependencies: ['errors'] },
);
