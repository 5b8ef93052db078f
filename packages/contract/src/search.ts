import { z } from 'zod';
import { SEARCH_MAX } from './limits.ts';
import { InviteOwnerSchema } from './models.ts';

/** Issue #30: at most this many artists, tags and titles each in a suggestion answer. */
export const SUGGEST_MAX = 8;

/** Control characters (tabs, line breaks, C0/C1 codes) have no place in a search term. */
const CONTROL = /\p{Cc}/u;

/**
 * A search term as the gallery, the artists' list and the suggestions take it (issue #30): at most SEARCH_MAX
 * characters, no control characters, not spaces only (a 400: never a listing of everything); the API trims it, and
 * an empty one is no term.
 */
export const searchTermSchema = z
  .string()
  .max(SEARCH_MAX, 'gallery.search_too_long')
  .refine((term) => !CONTROL.test(term), 'gallery.search_control')
  // Spaces only would otherwise be no term at all, i.e. a listing of everything; an empty term (`?search=`) is none.
  .refine((term) => term === '' || term.trim() !== '', 'gallery.search_blank');

/** `GET /api/v1/search/suggest/?q=`: what a search box offers while someone types (issue #30). */
export const SearchSuggestionsSchema = z.object({
  artists: z.array(InviteOwnerSchema),
  tags: z.array(z.object({ name: z.string(), count: z.number() })),
  titles: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
