import { z } from 'zod';

/**
 * What an error answer looks like in the OpenAPI document (errors.ts writes it): DRF-style, `{detail}` or
 * `{field: [messages]}`, in the user's language.
 */
export const ErrorBodySchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .describe('An error, DRF-style: {"detail": message} or {"field": [messages]}, in the user’s language (ko/en)');

const WHY: Record<number, string> = {
  400: 'Bad input: per-field messages',
  403: 'Not logged in, or not allowed ({"detail"})',
  404: 'Not found, or not yours to see ({"detail"})',
  429: 'Too many requests; Retry-After says when to try again ({"detail"})',
};

/** Error answers for a route's `response` schema, by status code. */
export function errorResponses(...codes: (keyof typeof WHY)[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema.describe(WHY[code])])) as Record<number, typeof ErrorBodySchema>;
}

/** An answer without a body (204, 304). */
export const NoBody = (description: string) => z.null().describe(description);
