import { pathId } from '@axoo/contract';
import { notFound } from './errors.ts';

/** A path's id, or a 404: a segment that cannot be an id names nothing, like a missing row. */
export function parseId(raw: string): number {
  const id = pathId(raw);
  if (id === null) throw notFound();
  return id;
}
