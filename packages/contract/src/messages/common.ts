import type { Catalogue } from '../i18n.ts';

/** Messages every area uses: generic validation and HTTP errors. */
export const common = {
  'field.required': { ko: '필수 항목입니다.', en: 'This field is required.' },
  'field.invalid': { ko: '올바른 값을 입력하세요.', en: 'Enter a valid value.' },
  'field.too_long': { ko: '{max}자 이하로 입력하세요.', en: 'Ensure this field has no more than {max} characters.' },
  'field.too_short': { ko: '{min}자 이상 입력하세요.', en: 'Ensure this field has at least {min} characters.' },
  'field.too_many': { ko: '최대 {max}개까지 선택할 수 있습니다.', en: 'Choose at most {max}.' },
  'field.too_small': { ko: '{min} 이상이어야 합니다.', en: 'Ensure this value is at least {min}.' },
  'field.too_large': { ko: '{max} 이하여야 합니다.', en: 'Ensure this value is at most {max}.' },
  'field.invalid_choice': { ko: '유효하지 않은 선택입니다.', en: 'Select a valid choice.' },
  'field.invalid_email': { ko: '올바른 이메일 주소를 입력하세요.', en: 'Enter a valid email address.' },
  'field.invalid_date': { ko: '올바른 날짜를 입력하세요.', en: 'Enter a valid date.' },
  'field.date_range': { ko: '{min}년부터 {max}년 사이의 날짜를 입력하세요.', en: 'Enter a date between the years {min} and {max}.' },
  'field.invalid_number': { ko: '올바른 숫자를 입력하세요.', en: 'Enter a valid number.' },
  'field.invalid_color': { ko: '#RRGGBB 형식의 색상을 입력하세요.', en: 'Enter a colour as #RRGGBB.' },
  'field.not_found': { ko: '존재하지 않는 항목입니다.', en: 'This item does not exist.' },
  'mail.one_click_body': { ko: '본문은 List-Unsubscribe=One-Click이어야 합니다.', en: 'The body must be List-Unsubscribe=One-Click.' },
  'text.unstorable': {
    ko: '사용할 수 없는 문자(NUL 또는 깨진 유니코드)가 들어 있습니다.',
    en: 'This text holds a character that cannot be stored (NUL or broken Unicode).',
  },
  'request.malformed': { ko: '요청 형식이 올바르지 않습니다.', en: 'The request is malformed.' },
  'request.bad_url': {
    ko: '주소가 올바르지 않습니다(잘못된 % 인코딩 또는 깨진 유니코드).',
    en: 'The address is malformed (bad percent-encoding or broken Unicode).',
  },
  'request.url_too_long': { ko: '주소가 너무 깁니다.', en: 'The address is too long.' },
  'request.too_large': { ko: '요청이 너무 큽니다.', en: 'The request is too large.' },
  'request.unsupported_type': { ko: '지원하지 않는 형식입니다.', en: 'Unsupported content type.' },
  'auth.required': { ko: '로그인이 필요합니다.', en: 'Authentication credentials were not provided.' },
  'auth.forbidden': { ko: '권한이 없습니다.', en: 'You do not have permission to perform this action.' },
  'csrf.failed': { ko: 'CSRF 검증에 실패했습니다. 페이지를 새로고침하세요.', en: 'CSRF verification failed. Reload the page.' },
  not_found: { ko: '찾을 수 없습니다.', en: 'Not found.' },
  rate_limited: { ko: '요청이 너무 많습니다. {seconds}초 후에 다시 시도하세요.', en: 'Too many requests. Try again in {seconds} seconds.' },
  'server.unavailable': {
    ko: '잠시 서비스를 이용할 수 없습니다. 곧 다시 시도하세요.',
    en: 'The service is briefly unavailable. Please try again in a moment.',
  },
  'server.error': { ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도하세요.', en: 'Something went wrong on our side. Please try again shortly.' },
  'paging.invalid_limit': { ko: 'limit는 1 이상의 정수여야 합니다.', en: 'limit must be a positive whole number.' },
  'paging.invalid_offset': { ko: 'offset은 0 이상의 정수여야 합니다.', en: 'offset must be a whole number of 0 or more.' },
} satisfies Catalogue;
