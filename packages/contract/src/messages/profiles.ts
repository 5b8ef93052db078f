import type { Catalogue } from '../i18n.ts';

/** Artist profile page and profile edit (SPEC §2 Profile, §5, §8). */
export const profiles = {
  'profile.image_invalid': {
    ko: '업로드한 이미지가 아닙니다. 이미지를 다시 올려주세요.',
    en: 'This is not an image you uploaded. Upload the image again.',
  },
  'profile.category_invalid': { ko: '존재하지 않는 분야입니다: {code}', en: 'Unknown main field: {code}' },
  'profile.category_duplicate': { ko: '같은 분야를 두 번 선택할 수 없습니다.', en: 'Choose each main field only once.' },
  'profile.phone_required': { ko: '전화번호를 입력하세요.', en: 'Enter a phone number.' },
  'profile.level_range': { ko: '레벨은 0에서 5 사이여야 합니다.', en: 'The level must be between 0 and 5.' },
} satisfies Catalogue;
