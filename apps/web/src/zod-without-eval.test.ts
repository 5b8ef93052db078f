import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZOD_CORE, zodWithoutEval } from './zod-without-eval.ts';

type Transform = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | null;
const transform = zodWithoutEval().transform as unknown as Transform;

describe('zod without eval in the browser build (issue #15: no CSP violation on any page)', () => {
  it('turns zod’s compiled parsers off at the top of its core module, for the browser only', () => {
    const id = '/app/node_modules/zod/v4/core/core.js';
    const out = transform('export const globalConfig = globalThis.__zod_globalConfig;', id);
    expect(out?.code.startsWith('(globalThis.__zod_globalConfig ??= {}).jitless = true;\n')).toBe(true);
    expect(transform('x', id, { ssr: true })).toBeNull();
    expect(transform('x', '/app/node_modules/zod/v4/core/schemas.js')).toBeNull();
  });

  it('matches the installed zod, whose settings still live in globalThis.__zod_globalConfig', () => {
    const core = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), 'core.js');
    expect(ZOD_CORE.test(core)).toBe(true);
    const source = readFileSync(core, 'utf8');
    expect(source).toContain('globalThis.__zod_globalConfig');
    // The probe the setting skips.
    expect(readFileSync(join(dirname(core), 'util.js'), 'utf8')).toMatch(/if \(globalConfig\.jitless\)/);
  });
});
