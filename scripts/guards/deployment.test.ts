import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../../apps/api/src/config.ts';
import { nginxConfig } from '../../deploy/nginx-config.mjs';
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

  // Issue #13, rolling restarts: nginx, not the stopping process, must close the last idle connections (a process
  // closing one could cross a write nginx had just sent on it), and systemd must not kill a process still draining.
  it('a stopping process drains longer than nginx keeps an idle connection, and systemd waits for the drain and the grace', () => {
    const env = readFileSync(join(repositoryRoot, 'deploy', 'axoo.env.example'), 'utf8');
    const drainMs = Number(/^SHUTDOWN_DRAIN_MS=(\d+)$/m.exec(env)?.[1]);
    const nginx = nginxConfig({ upstreams: ['127.0.0.1:8081'], listen: 80, cacheDir: '/var/cache/nginx/axoo' });
    const idleS = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(nginx.slice(0, nginx.indexOf('}')))?.[1]);
    const unit = readFileSync(join(repositoryRoot, 'deploy', 'axoo@.service'), 'utf8');
    const stopS = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(idleS).toBeGreaterThan(0);
    expect(drainMs).toBeGreaterThan(idleS * 1000);
    expect(stopS * 1000).toBeGreaterThan(drainMs + SHUTDOWN_GRACE_MS);
  });

  // Issue #13, rolling restarts: the process about to restart is marked down, so nginx sends it nothing new.
  it('marks the upstreams named down, and only those', () => {
    const upstreams = ['127.0.0.1:8081', '127.0.0.1:8082'];
    const servers = (down?: string[]) =>
      nginxConfig({ upstreams, down, listen: 80, cacheDir: '/var/cache/nginx/axoo' })
        .split('\n')
        .filter((l) => /^\s*server 127/.test(l))
        .map((l) => l.trim());
    expect(servers()).toEqual(['server 127.0.0.1:8081 max_fails=2 fail_timeout=3s;', 'server 127.0.0.1:8082 max_fails=2 fail_timeout=3s;']);
    expect(servers(['127.0.0.1:8082'])).toEqual([
      'server 127.0.0.1:8081 max_fails=2 fail_timeout=3s;',
      'server 127.0.0.1:8082 max_fails=2 fail_timeout=3s down;',
    ]);
  });
});
