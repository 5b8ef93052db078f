import sanitize from 'sanitize-html';

/** Images may only come from our own storage: `/media/<key>`, optionally a rendition `?w=<width>`. */
export const OWN_MEDIA_SRC = /^\/media\/([a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.(?:jpg|png|gif|webp))(?:\?w=\d{1,5})?$/;

const WIDTH_PERCENT = /^(?:100|\d{1,2}(?:\.\d{1,3})?)%$/;

const options: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'figure',
    'figcaption',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
  },
  // Only a width in percent survives on images (SPEC §9: 900–1400 px images shown at width / 13.2 %).
  allowedStyles: { img: { width: [WIDTH_PERCENT] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of dropped <script>/<style>/<textarea>… is dropped too, not turned into visible text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math', 'title'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: 'noopener nofollow' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(attribs)) {
        if ((k === 'width' || k === 'height') && !/^\d{1,5}$/.test(v)) continue;
        out[k] = v;
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_MEDIA_SRC.test(frame.attribs.src ?? ''),
};

/**
 * Every stored HTML field goes through this on write (DESIGN "HTML"): an allowlist of text tags, links with
 * rel="noopener nofollow" and only http(s)/mailto targets, images only from our own `/media/` storage.
 * Used for artwork content and invite columns.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options).trim();
}

const anonymousOptions: sanitize.IOptions = {
  ...options,
  allowedTags: (options.allowedTags as string[]).filter((t) => t !== 'a'),
  allowedAttributes: { img: ['src', 'width', 'height', 'style'] },
  transformTags: {},
  exclusiveFilter: undefined,
};

/**
 * Stored (already sanitized) HTML without what could name its maker beyond the text itself (issue #16, blind
 * review): no image alt or title text, no links (their text stays, the targets go).
 */
export function anonymousHtml(html: string): string {
  return sanitize(html, anonymousOptions).trim();
}

/** Storage keys of the images in (already sanitized) HTML, in order, without repeats. */
export function mediaKeysIn(html: string): string[] {
  const keys: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)) {
    const key = OWN_MEDIA_SRC.exec(match[1].replaceAll('&amp;', '&'))?.[1];
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
