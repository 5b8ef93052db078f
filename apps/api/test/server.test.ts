import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((ok) => (child.exitCode !== null ? ok(child.exitCode) : child.once('exit', (code) => ok(code))));

// Issue #2: server.ts finishes in-flight requests on SIGTERM, then exits 0.
describe('server process (graceful shutdown)', () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'axoo-server-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', WEB_DIST: join(dataDir, 'no-web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    // A fresh embedded database (PGlite init and migrations) takes a few seconds; more on a busy machine.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 70_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes a request in flight when SIGTERM arrives, then exits 0', async () => {
    // A page-view POST whose body is still arriving: the request has started when the signal comes.
    const token = randomBytes(24).toString('base64url');
    const body = JSON.stringify({ path: '/about/' });
    const answer = new Promise<{ status: number; text: string }>((ok, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/page-views/',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: `csrftoken=${token}`, 'x-csrftoken': token },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', fail);
      req.write(body.slice(0, 5));
      // Let the server read the headers and run its request hooks before the signal.
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 300);
    });

    const { status, text } = await answer;
    expect(status, text).toBe(204);
    // The listener is closed: a new connection is refused or told the server is going away.
    const late = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(await exitOf(child)).toBe(0);
  }, 20_000);
});
