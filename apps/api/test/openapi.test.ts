import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../scripts/openapi.ts';

// README: docs/openapi.json is committed with the change that alters the API (`npm run openapi`).
describe('OpenAPI document', () => {
  it('is current with the route schemas', async () => {
    const committed = readFileSync(join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(await openApiDocument()));
  }, 60_000);
});

describe('OpenAPI document: issue #17 routes', () => {
  it('document every status code they answer, each 2xx with its shape (a redirect has none) and each error as the error body', () => {
    const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.some((tag) => ['follows', 'feed', 'notifications', 'insights'].includes(tag)))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, responses: op.responses ?? {} })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(16);
    for (const { name, responses } of ops) {
      const codes = Object.keys(responses);
      // Its success: a 2xx, or the redirect of an address opened in a browser (the one-click unsubscribe's GET).
      expect(
        codes.some((c) => c.startsWith('2') || c === '303'),
        name,
      ).toBe(true);
      expect(
        codes.some((c) => c.startsWith('4')),
        name,
      ).toBe(true);
      for (const code of codes) {
        if (code === '204' || code === '303' || code === '304') continue;
        expect(responses[code].content?.['application/json']?.schema, `${name} ${code}`).toBeTruthy();
      }
    }
  });
});
