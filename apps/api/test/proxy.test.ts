import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, trustedProxies } from '../src/config.ts';
import { LIMITS } from '../src/features/accounts/throttle.ts';
import { Agent, buildTestApp } from './app.ts';
import { buildUser, PASSWORD } from './factories.ts';

/**
 * Issue #13, proxy trust is configuration: without TRUST_PROXY a client talking to the server directly cannot
 * choose its own address by sending X-Forwarded-For (and so cannot reset a per-IP limit); with it, the
 * address the trusted proxy forwarded is the client's.
 */
const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

/** An agent whose every request claims another forwarded address. */
function rotating(app: FastifyInstance) {
  const agent = new Agent(app, 'en');
  let n = 0;
  const request = agent.request.bind(agent);
  agent.request = (o) => request({ ...o, headers: { 'x-forwarded-for': `203.0.113.${++n % 250}`, ...(o.headers as Record<string, string>) } });
  return agent;
}
const login = (agent: Agent, email: string, password: string) =>
  agent.post('/accounts/login/', new URLSearchParams({ email, password }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of addresses or CIDRs, or nothing, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow();
    const twoHops = trustedProxies(2) as (address: string, hop: number) => boolean;
    expect([twoHops('x', 0), twoHops('x', 1), twoHops('x', 2)]).toEqual([true, true, false]);
  });

  it('unset: rotating X-Forwarded-For does not reset the per-IP login limit', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const agent = rotating(app);
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) expect((await login(agent, `spray${i}@example.com`, 'Wrong12345')).statusCode).toBe(400);
    const user = await buildUser(app);
    const res = await login(agent, user.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  }, 120_000); // a login allowance of password checks: minutes when other suites share the machine's two cores

  it('one hop: each forwarded address has its own allowance, as behind a load balancer', async () => {
    const app = await buildTestApp({ TRUST_PROXY: 1 });
    apps.push(app);
    const agent = rotating(app);
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) expect((await login(agent, `spray${i}@example.com`, 'Wrong12345')).statusCode).toBe(400);
    const user = await buildUser(app);
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('a list of CIDRs: believes X-Forwarded-For from an address in it, and ignores it from any other', async () => {
    const app = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' } as never);
    apps.push(app);
    // The reset route's own limit (30 per IP in 15 minutes) counts by the address the app believes.
    const resets = (from: string) => {
      const agent = rotating(app);
      const request = agent.request.bind(agent);
      agent.request = (o) => request({ ...o, remoteAddress: from });
      return async () => (await agent.post('/api/v1/users/reset/', { uidb64: 'MQ', token: 'x-y', password: 'Aa345678' })).statusCode;
    };
    const viaTrusted = resets('10.20.30.40');
    const viaOther = resets('172.16.0.9');
    const trusted: number[] = [];
    const other: number[] = [];
    for (let i = 0; i <= 30; i++) {
      trusted.push(await viaTrusted());
      other.push(await viaOther());
    }
    // Through the trusted proxy each forwarded client has its own allowance; from elsewhere the header is the
    // caller's own claim, so all 31 count against its address and the last is refused.
    expect(trusted.every((c) => c === 400)).toBe(true);
    expect(other.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(other[30]).toBe(429);
  }, 120_000);
});
