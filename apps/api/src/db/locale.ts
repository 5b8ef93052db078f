import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A database the product must not start on; the message is the one line the operator reads. */
export class LocaleError extends Error {}

/**
 * Issue #30.8: search depends on the database classifying Hangul as letters (its LC_CTYPE): pg_trgm, which answers
 * terms of three characters and more and did-you-mean, splits words at what the ctype says is not a letter, so with
 * `C` it indexes no Hangul at all, silently. Checked at start, before any request: refused with the fix named.
 */
export async function checkSearchLocale(db: Executor): Promise<void> {
  const result = await db.execute(sql`select cardinality(show_trgm('가나다')) > 0 as hangul,
    (select datctype from pg_database where datname = current_database()) as ctype`);
  const [row] = ('rows' in result ? result.rows : result) as { hangul: boolean; ctype: string }[];
  if (row?.hangul) return;
  throw new LocaleError(
    `the database's LC_CTYPE (${row?.ctype ?? 'unknown'}) does not classify Hangul as letters, so search cannot index Korean: ` +
      'create the database with a UTF-8 locale (createdb --template=template0 --locale=C.UTF-8, see docs/DEPLOYING.md) and restore into it.',
  );
}
