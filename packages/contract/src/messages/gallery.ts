import type { Catalogue } from '../i18n.ts';

/** Messages of the discovery area: gallery filters, search, collections (issue #5). */
export const gallery = {
  'gallery.invalid_ordering': {
    ko: '정렬은 -created, created, -hit, hit, relevance 중 하나여야 합니다.',
    en: 'ordering must be one of -created, created, -hit, hit, relevance.',
  },
  'gallery.invalid_date': { ko: 'YYYY-MM-DD 형식의 날짜를 입력하세요.', en: 'Enter a date as YYYY-MM-DD.' },
  'gallery.search_too_long': { ko: '검색어는 {max}자 이하로 입력하세요.', en: 'Search terms are at most {max} characters.' },
  'gallery.search_blank': { ko: '검색어를 입력하세요. 공백만으로는 검색할 수 없습니다.', en: 'Enter a search term: spaces alone cannot be searched.' },
  'gallery.search_control': { ko: '검색어에 제어 문자를 넣을 수 없습니다.', en: 'Search terms cannot contain control characters.' },
  'gallery.invalid_type': { ko: '유형은 projects, collection, application 중 하나여야 합니다.', en: 'type must be projects, collection or application.' },
  'gallery.invalid_licence': {
    ko: '저작권은 by, by-nc, by-nd, by-sa, by-nc-sa, by-nc-nd 중 하나 이상을 쉼표로 구분해 입력하세요.',
    en: 'licence must be one or more of by, by-nc, by-nd, by-sa, by-nc-sa, by-nc-nd, separated by commas.',
  },
  'gallery.invalid_palette': { ko: '색상은 #rrggbb 형식으로 입력하세요.', en: 'palette must be a colour as #rrggbb.' },
  'gallery.owner_only': { ko: '본인만 볼 수 있습니다.', en: 'Only the owner can see this.' },
  'collection.artwork_required': { ko: '작품을 지정하세요.', en: 'Choose an artwork.' },
  'collection.artwork_not_found': { ko: '존재하지 않는 작품입니다.', en: 'This artwork does not exist.' },
} satisfies Catalogue;
