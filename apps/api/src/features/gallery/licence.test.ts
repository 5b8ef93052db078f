import { LICENCE_GROUPS, LICENCES } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';

let app: FastifyInstance;
const ids: Record<string, number> = {};
let unchosen: number;
let hidden: number;
beforeAll(async () => {
  app = await buildTestApp();
  const artist = await buildPremium(app);
  for (const l of LICENCES) {
    const art = await buildArtwork(app, artist, {
      nonCommercial: l.flags.non_commercial,
      noDerivativeWorks: l.flags.no_derivative_works,
      shareAlike: l.flags.share_alike,
      categoryCodes: ['painting'],
    });
    ids[l.code] = art.id;
  }
  unchosen = (await buildArtwork(app, artist, { licenceChosen: false })).id;
  hidden = (await buildArtwork(app, await buildUser(app), { nonCommercial: true })).id;
});
afterAll(() => app.close());

const found = async (query: string, agent = new Agent(app)) => {
  const res = await agent.get(`/api/v1/artworks/?limit=50&${query}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { count: number; results: { id: number }[] };
  expect(body.count).toBe(body.results.length);
  return body.results.map((a) => a.id).sort((a, b) => a - b);
};
const idsOf = (codes: readonly string[]) => codes.map((c) => ids[c]).sort((a, b) => a - b);

describe('the gallery licence filter (issue #18, SPEC §3 licence choices)', () => {
  it('finds exactly the artworks of each licence', async () => {
    for (const l of LICENCES) expect(await found(`licence=${l.code}`)).toEqual([ids[l.code]]);
  });

  it('takes several codes (any of them), and the commercial and derivatives groups', async () => {
    expect(await found('licence=by-nc,by-nc-nd')).toEqual(idsOf(['by-nc', 'by-nc-nd']));
    expect(LICENCE_GROUPS.commercial).toEqual(['by', 'by-nd', 'by-sa']);
    expect(LICENCE_GROUPS.derivatives).toEqual(['by', 'by-nc', 'by-sa', 'by-nc-sa']);
    expect(await found(`licence=${LICENCE_GROUPS.commercial.join(',')}`)).toEqual(idsOf(LICENCE_GROUPS.commercial));
    expect(await found(`licence=${LICENCE_GROUPS.derivatives.join(',')}`)).toEqual(idsOf(LICENCE_GROUPS.derivatives));
  });

  it('combines with a category and never shows work without a licence or hidden work', async () => {
    const all = await found(`licence=${LICENCES.map((l) => l.code).join(',')}`);
    expect(all).toEqual(idsOf(LICENCES.map((l) => l.code)));
    expect(all).not.toContain(unchosen);
    expect(all).not.toContain(hidden);
    expect(await found('licence=by-nc&categories__category=painting')).toEqual([ids['by-nc']]);
    expect(await found('licence=by-nc&categories__category=photography')).toEqual([]);
    // The author of the hidden artwork finds it in their own gallery view.
    const owner = new Agent(app);
    const [row] = await app.db.query.artworks.findMany({ where: (a, { eq }) => eq(a.id, hidden) });
    await loginAs(owner, (await app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, row.authorId) }))!);
    expect(await found('licence=by-nc', owner)).toEqual([ids['by-nc'], hidden].sort((a, b) => a - b));
  });

  it('answers a bad licence with 400 under the field, in the request language', async () => {
    for (const bad of ['cc0', 'by,', 'by,gpl', '', 'BY-NC;drop']) {
      const res = await new Agent(app).get(`/api/v1/artworks/?licence=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().licence[0]).toContain('by, by-nc, by-nd');
    }
    const ko = await new Agent(app, 'ko').get('/api/v1/artworks/?licence=gpl');
    expect(ko.json().licence[0]).toContain('저작권은');
  });
});
