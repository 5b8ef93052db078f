import { notFound } from './errors.ts';

/**
 * Issue #36, "a row that went is a 404": a write that must change its row answers 404 when the row is gone (deleted
 * by a request that came first, on any process), instead of presenting nothing (a 500) or answering 204 twice. Pass
 * the statement with `.returning(...)`; the rows come back when there were any.
 */
export async function someRows<T>(statement: Promise<T[]>): Promise<T[]> {
  const rows = await statement;
  if (!rows.length) throw notFound();
  return rows;
}

/** The one row a statement with `.returning()` changed, or a 404 when there was none (see `someRows`). */
export async function oneRow<T>(statement: Promise<T[]>): Promise<T> {
  return (await someRows(statement))[0] as T;
}
