import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiBundle, serverNodeFlags } from '../build-api.mjs';
import { repositoryRoot } from './imports.ts';

/**
 * Issue #14 (memory): the systemd unit cannot import `serverNodeFlags`, so it repeats them; this keeps the two the
 * same, so a deployed process runs with the V8 settings `npm start`, the e2e suite and the memory bench measure.
 */
describe('the deployment kit runs the server as npm start does', () => {
  it('the unit starts the compiled server with serverNodeFlags', () => {
    const unit = readFileSync(join(repositoryRoot, 'deploy', 'axoo@.service'), 'utf8');
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(execStart).toBe(['/usr/bin/node', ...serverNodeFlags, apiBundle].join(' '));
    expect(serverNodeFlags.length).toBeGreaterThan(0);
  });
});
