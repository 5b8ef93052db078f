import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { scenario } from './harness.ts';

/**
 * Issue #28: the first page, as the page host builds it (share and head tags, page data, the first queries, and the
 * server markup when the build has a renderer). A member's pages are built for each request (guests' are kept 2 s),
 * so these figures are the host's own cost: `npm run bench -- --only pages`.
 */
scenario('pages', async ({ app, baseUrl, compare }) => {
  const token = randomBytes(32).toString('base64url');
  await app.db.execute(
    sql`insert into sessions (id, user_id, expires) select ${createHash('sha256').update(token).digest('hex')}, u.id, now() + interval '1 day'
        from users u where u.is_premium order by u.id limit 1`,
  );
  const member = { headers: { cookie: `sessionid=${token}` } };
  const first = (await (await fetch(`${baseUrl}/api/v1/artworks/?limit=1`)).json()) as { results: { id: number; author: { slug: string } }[] };
  const artwork = first.results[0];
  for (let i = 0; i < 30; i++) await fetch(`${baseUrl}/gallery/all/`, member);
  await compare('GET /gallery/all/ (member)', `${baseUrl}/gallery/all/`, undefined, member);
  await compare('GET /artwork/{id}/ (member)', `${baseUrl}/artwork/${artwork.id}/`, undefined, member);
  await compare('GET /{slug}/ (member)', `${baseUrl}/${artwork.author.slug}/`, undefined, member);
  await compare('GET / (member)', `${baseUrl}/`, undefined, member);
});
