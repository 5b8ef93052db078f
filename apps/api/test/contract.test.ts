import { ArtworkSchema, CurrentUserSchema, InviteDetailSchema, InviteSchema, ProfileSchema, SiteDataSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent, buildTestApp } from './app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, loginAs, type UserRow } from './factories.ts';

/**
 * The contract is the only seam between web and API (issue #12 C): real answers parse with the contract's output
 * schemas, strictly at the top level, so a field added, dropped or retyped on either side fails here.
 */
let app: FastifyInstance;
let member: UserRow;
let artworkId: number;
let inviteId: number;
const agents: Record<'guest' | 'member', Agent> = {} as never;

beforeAll(async () => {
  app = await buildTestApp();
  member = await buildPremium(app, { showContact: true });
  const staff = await buildStaff(app);
  artworkId = (await buildArtwork(app, member, { tagNames: ['ink'], level: 3 })).id;
  inviteId = (await buildInvite(app, staff)).id;
  agents.guest = new Agent(app, 'en');
  agents.member = new Agent(app, 'ko');
  await loginAs(agents.member, member);
});
afterAll(() => app.close());

const paged = <T extends z.ZodType>(item: T) =>
  z.strictObject({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

describe('answers parse with the contract', () => {
  it.each(['guest', 'member'] as const)('as a %s: site data, the gallery, an artwork, a profile, invites', async (who) => {
    const agent = agents[who];
    const get = async (url: string) => {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    const site = SiteDataSchema.strict().parse(await get('/api/v1/site/'));
    expect(site.best_projects.map((a) => a.id)).toContain(artworkId);
    expect(site.user === null).toBe(who === 'guest');
    const gallery = paged(ArtworkSchema.strict()).parse(await get('/api/v1/artworks/'));
    expect(gallery.results.map((a) => a.id)).toContain(artworkId);
    const detail = ArtworkSchema.strict().parse(await get(`/api/v1/artworks/${artworkId}/`));
    expect(detail.content).toEqual(expect.any(String));
    ProfileSchema.strict().parse(await get(`/api/v1/artists/${member.slug}/`));
    paged(ArtworkSchema.strict()).parse(await get(`/api/v1/users/${member.id}/artworks/`));
    paged(InviteSchema.strict()).parse(await get('/api/v1/invites/'));
    InviteDetailSchema.strict().parse(await get(`/api/v1/invites/${inviteId}/`));
  });

  it('the current user, from /users/me/ and the site data alike', async () => {
    const me = CurrentUserSchema.strict().parse((await agents.member.get('/api/v1/users/me/')).json());
    expect(me.id).toBe(member.id);
    expect(SiteDataSchema.parse((await agents.member.get('/api/v1/site/')).json()).user).toEqual(me);
  });

  it('fails on a field the contract does not know (the check can fail)', () => {
    expect(() => InviteSchema.strict().parse({ ...InviteSchema.parse(validInvite), extra: 1 })).toThrow();
  });
});

const validInvite = {
  id: 1,
  owner: null,
  title: 't',
  subtitle: '',
  description: '',
  logo: '',
  background: '',
  status: 'ongoing',
  closed: null,
  selected: null,
  created: '2026-01-01T00:00:00.000Z',
};
