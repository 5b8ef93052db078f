import type { Catalogue } from '../i18n.ts';

/** Messages of sitemaps, feeds and oEmbed (issue #18). */
export const discovery = {
  'discovery.feed_newest': { ko: '{site} 최신 작품', en: 'Newest work on {site}' },
  'discovery.feed_artist': { ko: '{site}의 {name} 작품', en: "{name}'s work on {site}" },
  'discovery.url_required': { ko: '이 사이트의 작품 또는 프로필 주소를 입력하세요.', en: 'Give the address of an artwork or a profile on this site.' },
  'discovery.format_unsupported': { ko: 'json 형식만 지원합니다.', en: 'Only the json format is supported.' },
} satisfies Catalogue;
