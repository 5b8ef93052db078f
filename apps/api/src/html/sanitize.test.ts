import { describe, expect, it } from 'vitest';
import { mediaKeysIn, sanitizeHtml } from './sanitize.ts';

/** XSS payloads of every family: none may leave anything executable behind. */
const corpus = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="/media/a/b.png" onerror="alert(1)">',
  '<img src="/media/a/b.png" onload=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<p onmouseover=alert(1)>hover</p>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<img src="https://evil.example/track.png">',
  '<img src="//evil.example/media/a/b.png">',
  '<img src="/media/../api/v1/users/me/">',
  '<img src="/media/a/b.png?w=480&x=javascript:alert(1)">',
  '<img srcset="javascript:alert(1)" src="/media/a/b.png">',
  '<svg onload=alert(1)><circle r=10 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<img src="/media/a/b.png" style="width:expression(alert(1))">',
  '<img src="/media/a/b.png" style="position:fixed;top:0;left:0;width:100%;height:100%">',
  '<div style="position:fixed;inset:0;z-index:9999">overlay</div>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="#" onclick="alert(1)">x</a>',
  '<<script>alert(1)//<</script>',
  '<img """><script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p>ok</p><![CDATA[<script>alert(1)</script>]]>',
];

const dangerous = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<svg/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<style/i,
  /expression\(/i,
  /<form/i,
  /<input/i,
  /<meta/i,
  /<link/i,
  /<base/i,
  /srcset/i,
  /position\s*:/i,
  /evil\.example/,
];

describe('sanitizeHtml (DESIGN "HTML": allowlist on write)', () => {
  it.each(corpus)('neutralises %s', (payload) => {
    const out = sanitizeHtml(payload);
    for (const pattern of dangerous) expect(out).not.toMatch(pattern);
    // What is left parses to the same thing again (no mutation-XSS second pass).
    expect(sanitizeHtml(out)).toBe(out);
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <a href="https://example.com/x">link</a></p>' +
      '<p><img src="/media/artworks/1/abc.png" alt="A cat" width="1200" height="800" style="width:90.91%" /></p>' +
      '<ul><li>one</li></ul><blockquote>q</blockquote>';
    const out = sanitizeHtml(html);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<a rel="noopener nofollow" href="https://example.com/x">link</a>');
    expect(out).toContain('<img src="/media/artworks/1/abc.png" alt="A cat" width="1200" height="800" style="width:90.91%" />');
    expect(mediaKeysIn(out)).toEqual(['artworks/1/abc.png']);
  });

  it('forces rel="noopener nofollow" on every link and drops other rel values', () => {
    expect(sanitizeHtml('<a href="https://x.example" rel="opener" target="_blank">x</a>')).toBe(
      '<a rel="noopener nofollow" href="https://x.example" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@b.c">m</a>')).toBe('<a rel="noopener nofollow" href="mailto:a@b.c">m</a>');
  });

  it('keeps images from our storage only, with renditions, and lists their keys', () => {
    const out = sanitizeHtml('<img src="/media/a/b.webp?w=480"><img src="https://cdn.example/a/b.png"><img src="/media/a/b.webp">');
    expect(out).toBe('<img src="/media/a/b.webp?w=480" /><img src="/media/a/b.webp" />');
    expect(mediaKeysIn(out)).toEqual(['a/b.webp']);
    expect(mediaKeysIn('<p>no images</p>')).toEqual([]);
  });
});
