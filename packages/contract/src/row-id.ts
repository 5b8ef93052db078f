import { z } from 'zod';
import { ID_MAX } from './media.ts';

// A module of its own: the browser's first load takes media.ts (addresses of images) and must not take zod with it.

/** What a row id's failures say (message keys); each left out keeps the field's generic message. */
export interface RowIdMessages {
  /** Missing or not a number. */
  required?: string;
  /** A number that is not a positive integer. */
  invalid?: string;
  /** Past ID_MAX: a number no row can have. */
  unknown?: string;
}

/** A row id in a body (an artist, an artwork, a message, a colour): an integer from 1 to ID_MAX, so never a 500. */
export function rowId({ required, invalid, unknown }: RowIdMessages = {}) {
  return z
    .number(required === undefined ? undefined : { error: required })
    .int(invalid)
    .positive(invalid)
    .max(ID_MAX, unknown);
}
