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
