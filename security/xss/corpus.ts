/**
 * Issue #15 (2), the stored-XSS corpus: a set of attack vectors (script and event-handler forms, `javascript:`
 * and `data:` URLs — also on the links and images the sanitiser keeps —, SVG and MathML, mutation XSS, CSS)
 * combined with a set of encodings and wrappers (entities, mixed case, odd separators, broken and nested tags,
 * attribute and script break-outs). Every payload carries its own number in its action, so a canary hit names it.
 *
 * An action either calls the canary function (`__xss(n)`), one of the dialogs the canary wraps (alert, confirm,
 * prompt), or asks for a canary URL (`/__xss/<n>`, watched in the browser's requests).
 */
export interface Payload {
  id: number;
  vector: string;
  wrapper: string;
  text: string;
}

/** The path every URL-fetching payload asks for; the suite watches requests for it. */
export const CANARY_PATH = '/__xss/';

/** The JavaScript a payload runs when it executes: each form reports its payload number. */
const ACTIONS = [
  (n: number) => `__xss(${n})`,
  (n: number) => `alert(${n})`,
  (n: number) => `top.__xss(${n})`,
  (n: number) => `fetch('${CANARY_PATH}${n}')`,
  (n: number) => `confirm(${n})`,
  (n: number) => `prompt(${n})`,
  (n: number) => `new Image().src='${CANARY_PATH}${n}'`,
  (n: number) => `self['__x'+'ss'](${n})`,
];

interface Vector {
  name: string;
  /** The markup, given the action (JavaScript) and the canary URL of this payload. */
  make: (js: string, url: string) => string;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

const VECTORS: Vector[] = [
  // Script forms.
  { name: 'script', make: (js) => `<script>${js}</script>` },
  { name: 'script-src', make: (_js, url) => `<script src="${url}.js"></script>` },
  { name: 'script-split', make: (js) => `<scr<script>ipt>${js}</scr</script>ipt>` },
  { name: 'script-break', make: (js) => `</script><script>${js}</script>` },
  { name: 'title-break', make: (js) => `</title><script>${js}</script>` },
  { name: 'textarea-break', make: (js) => `</textarea><svg onload="${js}">` },
  // Event handlers.
  { name: 'img-onerror', make: (js) => `<img src=x onerror="${js}">` },
  { name: 'svg-onload', make: (js) => `<svg onload="${js}">` },
  { name: 'body-onload', make: (js) => `<body onload="${js}">` },
  { name: 'input-autofocus', make: (js) => `<input autofocus onfocus="${js}">` },
  { name: 'details-toggle', make: (js) => `<details open ontoggle="${js}"><summary>x</summary></details>` },
  { name: 'video-source', make: (js) => `<video><source onerror="${js}"></video>` },
  { name: 'audio-onerror', make: (js) => `<audio src=x onerror="${js}"></audio>` },
  { name: 'iframe-onload', make: (js) => `<iframe onload="${js}"></iframe>` },
  { name: 'hover-cover', make: (js) => `<div style="position:fixed;inset:0" onmouseover="${js}" onpointermove="${js}">x</div>` },
  // Handlers on what the sanitiser keeps: its own images and links.
  { name: 'kept-img-onerror', make: (js) => `<img src="/media/test/content.png" alt="a" onerror="${js}" onload="${js}">` },
  { name: 'kept-a-onclick', make: (js) => `<a href="https://example.com/" onclick="${js}" onfocus="${js}" autofocus>x</a>` },
  // javascript: and data: URLs, also on kept links and images.
  { name: 'a-javascript', make: (js) => `<a href="javascript:${js}">x</a>` },
  { name: 'a-javascript-entities', make: (js) => `<a href="&#106;&#97;vascript&#58;${js}">x</a>` },
  { name: 'a-javascript-tab', make: (js) => `<a href="jav&#x09;ascript:${js}">x</a>` },
  { name: 'a-javascript-space', make: (js) => `<a href=" \x01javascript:${js}">x</a>` },
  { name: 'a-data-html', make: (js) => `<a href="data:text/html;base64,${b64(`<script>${js}</script>`)}">x</a>` },
  { name: 'img-javascript', make: (js) => `<img src="javascript:${js}" alt="a">` },
  { name: 'img-data-svg', make: (js) => `<img src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js}"/>`)}">` },
  { name: 'iframe-srcdoc', make: (js) => `<iframe srcdoc="&lt;script&gt;${js}&lt;/script&gt;"></iframe>` },
  { name: 'iframe-javascript', make: (js) => `<iframe src="javascript:${js}"></iframe>` },
  { name: 'object-data', make: (js) => `<object data="data:text/html,<script>${js}</script>"></object>` },
  { name: 'embed-src', make: (js) => `<embed src="javascript:${js}">` },
  { name: 'form-action', make: (js) => `<form action="javascript:${js}"><button autofocus>x</button></form>` },
  { name: 'meta-refresh', make: (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">` },
  { name: 'base-href', make: (_js, url) => `<base href="${url}/">` },
  // SVG and MathML.
  { name: 'svg-script', make: (js) => `<svg><script>${js}</script></svg>` },
  { name: 'svg-a-xlink', make: (js) => `<svg><a xlink:href="javascript:${js}"><text y="20">x</text></a></svg>` },
  { name: 'svg-animate', make: (js) => `<svg><animate onbegin="${js}" attributeName="x" dur="1s"/></svg>` },
  { name: 'svg-set-href', make: (js) => `<svg><a><set attributeName="href" to="javascript:${js}"/><text y="20">x</text></a></svg>` },
  { name: 'svg-foreign', make: (js) => `<svg><foreignObject><img src=x onerror="${js}"></foreignObject></svg>` },
  { name: 'math-href', make: (js) => `<math href="javascript:${js}"><mi>x</mi></math>` },
  // Mutation XSS: markup that changes meaning when parsed again.
  { name: 'mxss-noscript', make: (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>"></noscript>` },
  { name: 'mxss-style', make: (js) => `<style><img src=x onerror="${js}"></style>` },
  { name: 'mxss-template', make: (js) => `<template><img src=x onerror="${js}"></template>` },
  { name: 'mxss-svg-style', make: (js) => `<svg></p><style><a id="</style><img src=1 onerror=${js}>">` },
  {
    name: 'mxss-math-mglyph',
    make: (js) => `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=${js}&gt;">`,
  },
  { name: 'mxss-form-math', make: (js) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js}>` },
  { name: 'mxss-comment', make: (js) => `<!--<img src="--><img src=x onerror="${js}">` },
  { name: 'mxss-title-attr', make: (js) => `<a title="<img src=x onerror=${js}>" href="https://example.com/">x</a>` },
  { name: 'mxss-cdata', make: (js) => `<svg><![CDATA[><img src=x onerror="${js}">]]></svg>` },
  // CSS.
  { name: 'css-url-javascript', make: (js) => `<p style="background:url(javascript:${js})">x</p>` },
  { name: 'css-expression', make: (js) => `<p style="width:expression(${js})">x</p>` },
  { name: 'css-import', make: (_js, url) => `<style>@import '${url}.css';</style>` },
  { name: 'css-kept-img', make: (_js, url) => `<img src="/media/test/content.png" style="width:50%;background-image:url(${url})" alt="a">` },
  { name: 'css-link', make: (_js, url) => `<link rel="stylesheet" href="${url}.css">` },
  // Text contexts: attribute and template break-outs.
  { name: 'attr-break', make: (js) => `"><img src=x onerror="${js}">` },
  { name: 'attr-break-single', make: (js) => `'><svg onload='${js}'>` },
  { name: 'attr-inject', make: (js) => `" autofocus onfocus="${js}" x="` },
  { name: 'json-break', make: (js) => `\u2028</script><script>${js}</script>` },
  { name: 'template-expr', make: (js) => `{{constructor.constructor('${js.replaceAll("'", '"')}')()}}` },
];

interface Wrapper {
  name: string;
  wrap: (markup: string, random: () => number) => string;
}

const randomCase = (s: string, random: () => number) => s.replace(/[a-z]/gi, (c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase()));

const WRAPPERS: Wrapper[] = [
  { name: 'plain', wrap: (m) => m },
  // Tag and attribute names (and `javascript`) in mixed case; the action itself must stay runnable.
  {
    name: 'mixed-case',
    wrap: (m, random) => m.replace(/<\/?[a-z][a-z0-9]*|\bon[a-z]+=|javascript:|style=/gi, (s) => randomCase(s, random)),
  },
  // Separators a browser accepts between a tag name and its attributes.
  { name: 'separators', wrap: (m) => m.replace(/<([a-z]+) /gi, (_s, tag: string) => `<${tag}/`).replace(/" /g, '"\x0c') },
  // Entities in attribute values (a browser decodes them before running a handler).
  {
    name: 'entities',
    wrap: (m) =>
      m.replace(
        /(on[a-z]+|href|src)="([^"]*)"/gi,
        (_s, attr: string, v: string) => `${attr}="${[...v].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('')}"`,
      ),
  },
  // Broken markup: the last `>` missing, a stray `<` before the first tag.
  { name: 'broken', wrap: (m) => `<${m.replace(/>([^>]*)$/, '$1')}` },
  // Nested inside markup the sanitiser keeps.
  { name: 'nested', wrap: (m) => `<p><b><a href="https://example.com/">x</a>${m}</b></p>` },
  // Already escaped: must stay text (a presenter that unescapes would bring it back to life).
  { name: 'escaped', wrap: (m) => m.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;') },
  // URL-encoded, for contexts that decode (search terms, links).
  { name: 'url-encoded', wrap: (m) => encodeURIComponent(m) },
];

/**
 * Every vector × every wrapper, numbered from 1, with the action forms rotating through the corpus. The seed
 * picks the mixed case of each payload; the rest is fixed, so counts do not depend on it.
 */
export function corpus(seed: number): Payload[] {
  let state = seed | 0 || 1;
  const next = () => {
    // xorshift32 from the seed: the same seed gives the same corpus.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const out: Payload[] = [];
  for (const wrapper of WRAPPERS) {
    for (const vector of VECTORS) {
      const id = out.length + 1;
      const js = ACTIONS[id % ACTIONS.length](id);
      const text = wrapper.wrap(vector.make(js, `${CANARY_PATH}${id}`), next);
      out.push({ id, vector: vector.name, wrapper: wrapper.name, text });
    }
  }
  return out;
}

/** The floor of payloads every field must be tried with (issue #15: ≥ 300 per field), short fields included. */
export const PER_FIELD_FLOOR = 300;
/** The longest value of the shortest field that carries payloads (a tag). */
export const SHORT_MAX = 20;

/**
 * Short payloads for short fields (tags: 20 characters), so that each of them is tried with the floor too: the
 * smallest forms of the same ideas (handlers on one-letter elements with every separator a browser accepts, in both
 * cases; `javascript:` URLs with leading controls; break-outs of attributes, scripts, comments and templates), each
 * at most SHORT_MAX characters, distinct, numbered from `from`.
 */
export function shortCorpus(from: number, count = PER_FIELD_FLOOR + 20): Payload[] {
  const texts = new Set<string>();
  const add = (t: string) => {
    if (t.length <= SHORT_MAX && t.trim()) texts.add(t);
  };
  for (const k of [1, 2, 3]) {
    for (const t of [
      `<svg onload=__xss(${k})`,
      `"><b onclick=x>${k}`,
      `</script><b>${k}`,
      `javascript:__xss(${k})`,
      `{{${k}*7}}<i>${k}`,
      `'--><b>x${k}`,
      `<a href=//x>${k}`,
      `\x01javascript:alert(${k})`.replace('\\x01', '\x01'),
      ` javascript:alert(${k})`,
      `JaVaScRiPt:alert(${k})`,
      `<!--<b>${k}-->`,
      `]]><b>${k}`,
      `\u2028</script>${k}`.replace('\\u2028', '\u2028'),
    ])
      add(t);
  }
  const tags = ['b', 'i', 'p', 'a', 'u', 's', 'q'];
  const handlers = ['onclick', 'onfocus', 'onerror', 'onwheel', 'oninput', 'onload', 'oncopy', 'onblur', 'oncut'];
  const separators = [' ', '/', '\n', '\t', '\f'];
  const actions = (k: number) => [`alert(${k})`, `__xss(${k})`, `prompt(${k})`];
  for (const [c, upper] of [false, true].entries()) {
    for (const sep of separators) {
      for (const tag of tags) {
        for (const handler of handlers) {
          for (const action of actions(c + 1)) {
            const t = `<${tag}${sep}${handler}=${action}>`;
            add(upper ? t.replace(/<\w+|on\w+=/g, (m) => m.toUpperCase()) : t);
          }
        }
      }
    }
  }
  return [...texts].slice(0, count).map((text, i) => ({ id: from + i, vector: `short-${i}`, wrapper: 'short', text }));
}
