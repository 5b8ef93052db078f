import { z } from 'zod';

/**
 * The staff level of an artwork, a banner or a client (SPEC §4/§9): 5, 4, 3, 2, 1 or none. Missing is a 400
 * (required); anything else out of range too.
 */
export const curationLevel = z.number().int('level.out_of_range').min(1, 'level.out_of_range').max(5, 'level.out_of_range').nullable();
