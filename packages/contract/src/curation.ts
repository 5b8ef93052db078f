/** Limits of the staff curation and console (SPEC §3 Banner, Client; §4 levels; §9). */
export const LINK_URL_MAX = 500;
export const BANNER_ALT_MAX = 200;
export const CLIENT_NAME_MAX = 200;
export const BENEFIT_MAX = 300;
export const LIST_CODE_MAX = 50;
export const LIST_NAME_MAX = 50;
export const MEDIA_KEY_MAX = 300;
/** The taxonomy lists staff edit in the console (SPEC §3 Lists). */
export const TAXONOMY_LISTS = ['categories', 'fields', 'concepts', 'colors'] as const;
export type TaxonomyList = (typeof TAXONOMY_LISTS)[number];
/** Codes of categories, fields and concepts: lowercase words joined by hyphens (they appear in URLs). */
export const LIST_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const COLOR_CODE_PATTERN = /^#[0-9A-Fa-f]{6}$/;
/** A link on a banner or partner logo: a site path or an http(s) address, or nothing. */
export const LINK_URL_PATTERN = /^(?:$|\/(?!\/)\S*|https?:\/\/\S+)$/;
