import { type Catalogue, format, type Lang } from '../i18n.ts';
import { accounts } from './accounts.ts';
import { artworks } from './artworks.ts';
import { common } from './common.ts';
import { conversations } from './conversations.ts';
import { curation } from './curation.ts';
import { follows } from './follows.ts';
import { discovery } from './discovery.ts';
import { gallery } from './gallery.ts';
import { imports } from './imports.ts';
import { invites } from './invites.ts';
import { fairCalls } from './fair-calls.ts';
import { judging } from './judging.ts';
import { fairJudging } from './fair-judging.ts';
import { profiles } from './profiles.ts';
import { moderation } from './moderation.ts';
import { rights } from './rights.ts';
import { takedowns } from './takedowns.ts';

/**
 * Every server message, keyed. Each area adds its own file and one spread here;
 * zod schemas use these keys as their messages and the API translates them per request.
 */
export const messages: Catalogue = {
  ...common,
  ...gallery,
  ...accounts,
  ...artworks,
  ...curation,
  ...invites,
  ...fairCalls,
  ...judging,
  ...fairJudging,
  ...profiles,
  ...conversations,
  ...follows,
  ...discovery,
  ...rights,
  ...imports,
  ...moderation,
  ...takedowns,
};

export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const entry = messages[key];
  return entry ? format(entry[lang], params) : format(key, params);
}

export function hasMessage(key: string): boolean {
  return key in messages;
}
