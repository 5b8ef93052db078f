import { describe, expect, it } from 'vitest';
import {
  CONTENT_SIZES,
  CONTENT_WIDTHS,
  contentImages,
  displayedSize,
  licenceOf,
  LICENCES,
  localisedName,
  mediaSrcSet,
  mediaUrl,
  mediaWidthSrcSet,
  parsePaletteFilter,
  passwordProblems,
  pathId,
  pickLang,
  profileSlugOf,
  slugify,
  translate,
  USERNAME_PATTERN,
  withContentRenditions,
} from './index.ts';

describe('contract', () => {
  it('picks the request language, Korean by default (DESIGN API conventions)', () => {
    expect(pickLang(undefined)).toBe('ko');
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('fr-FR,en;q=0.5,ko;q=0.8')).toBe('ko');
    expect(pickLang('de')).toBe('ko');
  });

  it('checks each password rule (SPEC §5)', () => {
    expect(passwordProblems('Password1')).toEqual([]);
    expect(passwordProblems('Pass1')).toEqual(['password.too_short']);
    expect(passwordProblems('password1')).toEqual(['password.no_upper']);
    expect(passwordProblems('PASSWORD1')).toEqual(['password.no_lower']);
    expect(passwordProblems('Passwordd')).toEqual(['password.no_digit']);
  });

  it('makes slugs by lowercasing and removing dots (SPEC §5)', () => {
    expect(slugify('Min.Ji')).toBe('minji');
    expect(USERNAME_PATTERN.test('min.ji@_-1')).toBe(true);
    expect(USERNAME_PATTERN.test('민지')).toBe(false);
  });

  it('reads the gallery palette filter as #rrggbb only, lowercased (issue #18)', () => {
    expect(parsePaletteFilter('#D62020')).toBe('#d62020');
    for (const bad of ['d62020', '#d6202', '#d620200', '#gg2020', 'red', '', ' #d62020']) expect(parsePaletteFilter(bad)).toBeNull();
  });

  it('maps licence flags back to one of the six choices (SPEC §3)', () => {
    expect(LICENCES).toHaveLength(6);
    for (const l of LICENCES) expect(licenceOf(l.flags)).toBe(l.code);
    expect(licenceOf({ attribution: false, non_commercial: false, no_derivative_works: false, share_alike: false })).toBeNull();
  });

  it('divides the displayed size of very large images by 10 (SPEC §9)', () => {
    expect(displayedSize(4000, 4000)).toEqual({ width: 400, height: 400 });
    expect(displayedSize(3999, 4000)).toEqual({ width: 3999, height: 4000 });
  });

  it('translates message keys with placeholders', () => {
    expect(translate('ko', 'field.too_long', { max: 100 })).toBe('100자 이하로 입력하세요.');
    expect(translate('en', 'field.too_long', { max: 100 })).toBe('Ensure this field has no more than 100 characters.');
  });

  it('names a profile by a one-segment path that is not a reserved route (DESIGN: profile URLs at the root)', () => {
    expect(profileSlugOf('/Kim.Artist/')).toBe('kimartist');
    expect(profileSlugOf('/%ED%95%9C%EA%B8%80/')).toBe('한글');
    expect(profileSlugOf('/gallery/')).toBeNull();
    expect(profileSlugOf('/admin/')).toBeNull();
    expect(profileSlugOf('/a/b/')).toBeNull();
    expect(profileSlugOf('/%E0%A4%A/')).toBeNull();
    expect(profileSlugOf('/')).toBeNull();
  });

  it('reads a path id only when it can name a row', () => {
    expect(pathId('42')).toBe(42);
    expect(pathId('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648', '12345678901', '']) expect(pathId(bad), bad).toBeNull();
  });

  it('serves a stored key at /media/ with each segment encoded, and a rendition by width', () => {
    expect(mediaUrl('a b/c.png', 480)).toBe('/media/a%20b/c.png?w=480');
    expect(mediaUrl('https://x.test/a.png', 480)).toBe('https://x.test/a.png');
    expect(mediaUrl(null)).toBe('');
    expect(mediaSrcSet('k.png', 480)).toBe('/media/k.png?w=480 1x, /media/k.png?w=960 2x');
    expect(mediaSrcSet('blob:x', 480)).toBeUndefined();
  });

  it('picks the localised name', () => {
    expect(localisedName('ko', { nameKo: '회화', nameEn: 'Painting' })).toBe('회화');
    expect(localisedName('en', { nameKo: '회화', nameEn: 'Painting' })).toBe('Painting');
  });
});

describe('body images by width (issue #14)', () => {
  const body =
    '<p><img src="/media/artworks/1/a.jpg" width="1200" height="800" alt="" /></p><p>text</p><p><img alt="b" src="/media/artworks/1/b.png" /></p><p><img src="/media/artworks/1/c.jpg?w=480" /></p>';

  it("lists a body's own images without a width, in order", () => {
    expect(contentImages(body)).toEqual(['artworks/1/a.jpg', 'artworks/1/b.png']);
    expect(contentImages('<p>none</p>')).toEqual([]);
  });

  it('gives each a srcset and sizes; the first is fetched early, the rest lazily; a sized one stays as it is', () => {
    const out = withContentRenditions(body);
    expect(out).toContain(
      `<img src="/media/artworks/1/a.jpg?w=960" srcset="${mediaWidthSrcSet('artworks/1/a.jpg', CONTENT_WIDTHS)}" sizes="${CONTENT_SIZES}" loading="eager" fetchpriority="high" width="1200" height="800" alt="" /></p>`,
    );
    expect(out).toContain('<img alt="b" src="/media/artworks/1/b.png?w=960" srcset="/media/artworks/1/b.png?w=480 480w, ');
    expect(out.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(out).toContain('loading="lazy" decoding="async" /></p>');
    expect(out).toContain('<img src="/media/artworks/1/c.jpg?w=480" />');
    expect(withContentRenditions(out)).toBe(out);
  });
});
