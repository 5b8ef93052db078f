import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import {
  artworkCategories,
  artworkConcepts,
  artworkFields,
  artworks,
  artworkTags,
  categories,
  colors,
  concepts,
  fields,
  invites,
  sessions,
  tags,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { csrfTokenForSession } from '../src/http/csrf.ts';
import type { Agent } from './app.ts';

/** Unique within a process (a counter) and across processes sharing a database (a random prefix, e.g. e2e fixtures). */
const prefix = Math.floor(Math.random() * 1e6) * 1e5;
let seq = 0;
const next = () => prefix + ++seq;

export const PASSWORD = 'Password123';
let cachedHash: Promise<string> | undefined;
/** One real argon2id hash of PASSWORD, shared so factories stay fast. */
export const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export type { UserRow } from '../src/db/schema/index.ts';
import type { UserRow } from '../src/db/schema/index.ts';
export type ArtworkRow = typeof artworks.$inferSelect;

export async function buildUser(app: FastifyInstance, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const n = next();
  const username = overrides.username ?? `artist${n}`;
  const [user] = await app.db
    .insert(users)
    .values({
      email: `artist${n}@example.com`,
      password: await passwordHash(),
      username,
      slug: username.toLowerCase().replaceAll('.', ''),
      name: `Artist ${n}`,
      dateOfBirth: '1990-01-01',
      gender: 'Other',
      ...overrides,
    })
    .returning();
  return user;
}

export const buildPremium = (app: FastifyInstance, o: Partial<typeof users.$inferInsert> = {}) => buildUser(app, { isPremium: true, ...o });
export const buildStaff = (app: FastifyInstance, o: Partial<typeof users.$inferInsert> = {}) => buildUser(app, { isStaff: true, ...o });

/** A real session row for the user, as login leaves behind; returns the `sessionid` cookie value. */
export async function createSession(app: FastifyInstance, user: UserRow): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await app.db.insert(sessions).values({
    id: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expires: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/** Logs the agent in as the user by creating a real session row and cookie, and the CSRF token bound to it (issue #36). */
export async function loginAs(agent: Agent, user: UserRow): Promise<void> {
  const token = await createSession(agent.app, user);
  agent.cookies.set('sessionid', token);
  agent.cookies.set('csrftoken', csrfTokenForSession(agent.app.config.SECRET_KEY, token));
}

export interface ArtworkOptions extends Partial<typeof artworks.$inferInsert> {
  categoryCodes?: string[];
  fieldCodes?: string[];
  conceptCodes?: string[];
  tagNames?: string[];
}

/** A published (non-draft) artwork with taxonomy; pass draft: true for a draft. */
export async function buildArtwork(app: FastifyInstance, author: UserRow, o: ArtworkOptions = {}): Promise<ArtworkRow> {
  const { categoryCodes = ['painting'], fieldCodes = ['fine-art'], conceptCodes = ['abstract'], tagNames = [], ...values } = o;
  const [color] = await app.db.select().from(colors).limit(1);
  const n = next();
  const [row] = await app.db
    .insert(artworks)
    .values({
      authorId: author.id,
      title: `Artwork ${n}`,
      content: '<p><img src="/media/test/content.png"></p>',
      colorId: color?.id ?? null,
      licenceChosen: true,
      draft: false,
      published: true,
      cover: `test/cover-${n}.png`,
      rawCover: `test/raw-${n}.png`,
      croppedCover: `test/cropped-${n}.png`,
      width: 1200,
      height: 835,
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  const link = async <T>(codes: string[], table: 'c' | 'f' | 'k') => {
    if (!codes.length) return;
    if (table === 'c') {
      const rows = await app.db.select().from(categories).where(inArray(categories.category, codes));
      await app.db.insert(artworkCategories).values(rows.map((r) => ({ artworkId: row.id, categoryId: r.id, position: codes.indexOf(r.category) })));
    } else if (table === 'f') {
      const rows = await app.db.select().from(fields).where(inArray(fields.field, codes));
      await app.db.insert(artworkFields).values(rows.map((r) => ({ artworkId: row.id, fieldId: r.id, position: codes.indexOf(r.field) })));
    } else {
      const rows = await app.db.select().from(concepts).where(inArray(concepts.concept, codes));
      await app.db.insert(artworkConcepts).values(rows.map((r) => ({ artworkId: row.id, conceptId: r.id, position: codes.indexOf(r.concept) })));
    }
    return undefined as T;
  };
  await link(categoryCodes, 'c');
  await link(fieldCodes, 'f');
  await link(conceptCodes, 'k');
  for (const [i, name] of tagNames.entries()) {
    const [tag] = await app.db.insert(tags).values({ name }).onConflictDoUpdate({ target: tags.name, set: { name } }).returning();
    await app.db.insert(artworkTags).values({ artworkId: row.id, tagId: tag.id, position: i });
  }
  // Re-read: the visibility trigger set `visible`.
  const [fresh] = await app.db.select().from(artworks).where(eq(artworks.id, row.id));
  return fresh;
}

export async function buildInvite(app: FastifyInstance, owner: UserRow, o: Partial<typeof invites.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(invites)
    .values({
      ownerId: owner.id,
      title: `Open call ${next()}`,
      subtitle: 'Subtitle',
      description: 'Description',
      status: 'ongoing',
      closed: new Date(Date.now() + 7 * 86_400_000),
      ...o,
    })
    .returning();
  return row;
}
