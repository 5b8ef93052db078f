import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floorOf, refusing, satisfies } from './engines.ts';
import { repositoryRoot } from './imports.ts';

/** Issue #13: `npm ci` shows no EBADENGINE on the Node version package.json's engines declares. */
describe('engines of the locked packages', () => {
  it('reads the range forms packages use, and refuses one it cannot read', () => {
    const yes: [string, string][] = [
      ['20.19.0', '^20.19.0 || >=22.12.0'],
      ['20.19.0', '>= 0.4'],
      ['20.19.0', '10.* || >= 12.*'],
      ['20.19.0', '18 || 20 || >=22'],
      ['20.19.0', '^20.9.0'],
      ['20.19.0', '>=0.8.x'],
      ['20.19.0', '^8.16.0 || ^10.6.0 || >=11.0.0'],
      ['20.19.0', '>=12.20 <21'],
      ['20.19.0', '18.0.0 - 20.19'],
      ['20.19.0', '*'],
      ['0.4.2', '^0.4.1'],
    ];
    const no: [string, string][] = [
      ['20.18.1', '^20.19.0 || >=22.12.0'],
      ['20.19.0', '>=22'],
      ['20.19.0', '^20.20.0 || ^22.13.0'],
      ['20.19.0', '18 || >=22'],
      ['20.19.0', '~20.18.0'],
      ['20.19.0', '<20'],
      ['20.19.0', '>20'],
      ['0.5.0', '^0.4.1'],
      ['20.19.0', '18.0.0 - 20.18'],
    ];
    for (const [v, r] of yes) expect([v, r, satisfies(v, r)]).toEqual([v, r, true]);
    for (const [v, r] of no) expect([v, r, satisfies(v, r)]).toEqual([v, r, false]);
    expect(() => satisfies('20.19.0', 'latest')).toThrow(/cannot read/);
    expect(floorOf('>=20.19')).toBe('20.19.0');
    expect(floorOf('^22.12.0')).toBe('22.12.0');
    expect(
      refusing({ packages: { '': {}, 'node_modules/new': { engines: { node: '>=22' } }, 'node_modules/ok': { engines: { node: '>=18' } } } }, '20.19.0'),
    ).toEqual(['node_modules/new: >=22']);
  });

  it('every package in package-lock.json accepts the lowest Node that package.json allows', () => {
    const read = (file: string) => JSON.parse(readFileSync(join(repositoryRoot, file), 'utf8'));
    const floor = floorOf(read('package.json').engines.node);
    expect(refusing(read('package-lock.json'), floor)).toEqual([]);
  });
});
