import type { Catalogue } from '../i18n.ts';

/** Staff curation by levels and the staff console (issue #7, SPEC §4, §6, §9). */
export const curation = {
  'level.out_of_range': { ko: '레벨은 1부터 5까지이거나 비워 두어야 합니다.', en: 'Level must be 1 to 5, or none.' },
  'artist_level.out_of_range': { ko: '작가 레벨은 0부터 5까지입니다.', en: 'Artist level must be 0 to 5.' },
  'curation.invalid_url': {
    ko: '/로 시작하는 경로나 http(s):// 주소를 입력하세요.',
    en: 'Enter a path starting with / or an http(s):// address.',
  },
  'curation.image_required': { ko: '이미지를 올려주세요.', en: 'Upload an image.' },
  'curation.image_unknown': { ko: '올린 이미지를 찾을 수 없습니다. 다시 올려주세요.', en: 'The uploaded image was not found. Upload it again.' },
  'curation.self_staff': { ko: '자신의 스태프 권한은 해제할 수 없습니다.', en: 'You cannot remove your own staff access.' },
  'list.code_invalid': {
    ko: '영문 소문자, 숫자와 하이픈(-)만 사용할 수 있습니다.',
    en: 'Use lowercase letters, numbers and hyphens only.',
  },
  'list.code_taken': { ko: '이미 있는 코드입니다.', en: 'This code is already in use.' },
  'list.color_invalid': { ko: '#RRGGBB 형식의 색상을 입력하세요.', en: 'Enter a colour as #RRGGBB.' },
  'list.order_mismatch': {
    ko: '순서에는 목록의 모든 항목이 한 번씩 들어가야 합니다.',
    en: 'The order must name every item of the list exactly once.',
  },
} satisfies Catalogue;
