import { type AccountOptOut, type ArtworkOptOut, artworkPath } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { AI_CRAWLERS } from './ai-crawlers.ts';
import { canSetOptOut } from './policy.ts';
import * as q from './queries.ts';

export async function setAccountOptOut(deps: Deps, viewer: UserRow, userId: number, optOut: boolean): Promise<AccountOptOut> {
  if (!canSetOptOut(viewer, userId)) throw forbidden();
  await q.setUserOptOut(deps.db, userId, optOut);
  return { ai_opt_out_default: optOut };
}

export async function setArtworkOptOut(deps: Deps, viewer: UserRow, artworkId: number, optOut: boolean | null): Promise<ArtworkOptOut> {
  const authorId = await q.artworkAuthor(deps.db, artworkId);
  if (authorId === null) throw notFound();
  if (!canSetOptOut(viewer, authorId)) throw forbidden();
  await q.setArtworkOptOut(deps.db, artworkId, optOut);
  return { id: artworkId, ai_opt_out: (await q.artworkOptOut(deps.db, artworkId)) ?? true, ai_opt_out_setting: optOut };
}

/**
 * robots.txt: the AI-training crawlers of the one list may read nothing; every other crawler (search engines)
 * reads the public pages, not the API, the account pages or the upload screens.
 */
export function robotsTxt(base: string): string {
  return [
    '# AI-training crawlers: not allowed (issue #18).',
    ...AI_CRAWLERS.map((agent) => `User-agent: ${agent}`),
    'Disallow: /',
    '',
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /upload/',
    'Disallow: /accounts/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

interface TdmRule {
  location: string;
  'tdm-reservation': 0 | 1;
  'tdm-policy'?: string;
}

/**
 * `/.well-known/tdmrep.json` (W3C TDMRep): the first rule whose location matches applies. The work of artists and
 * artworks that allow AI training comes first, unreserved; then everything else is reserved, since accounts are
 * opted out unless their artist switched it off.
 */
export async function tdmRep(deps: Deps): Promise<TdmRule[]> {
  const allowed = await q.allowedWork(deps.db);
  const open = (location: string): TdmRule => ({ location, 'tdm-reservation': 0 });
  const policy = deps.config.TDM_POLICY_URL;
  return [
    ...allowed.artworks.flatMap((id) => [open(artworkPath(id)), open(`/media/artworks/${id}/*`)]),
    ...allowed.users.flatMap((u) => [open(`/${u.slug}/`), open(`/media/users/${u.id}/*`)]),
    { location: '/*', 'tdm-reservation': 1, ...(policy ? { 'tdm-policy': policy } : {}) },
  ];
}
