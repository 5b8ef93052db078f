/** Text or an attribute value inside HTML: every character that could end it is a numeric entity. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a script tag: no `<` may end it early. */
export const scriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Structured data for a page's head (schema.org JSON-LD), safe inside its script tag. */
export const jsonLdTag = (data: unknown) => `<script type="application/ld+json">${scriptJson(JSON.stringify(data))}</script>`;
