import type { Catalogue } from '../i18n.ts';

/** Artwork save/publish (SPEC §5, §8) and image upload messages (SPEC §4 Image upload, §8). */
export const artworks = {
  // SPEC §5: the publish warnings are fixed Korean texts.
  'artwork.title_required': { ko: '제목을 입력하세요', en: 'Enter a title' },
  'artwork.title_max': { ko: '제목은 {max}자 이하로 입력하세요.', en: 'The title can have at most {max} characters.' },
  'artwork.categories_required': { ko: '장르를 1개 이상 선택하세요', en: 'Choose at least 1 genre' },
  'artwork.fields_required': { ko: '분야를 1개 이상 선택하세요', en: 'Choose at least 1 field' },
  'artwork.concepts_required': { ko: '컨셉을 1개 이상 선택하세요', en: 'Choose at least 1 concept' },
  'artwork.color_required': { ko: '색상을 선택하세요', en: 'Choose a colour' },
  'artwork.licence_required': { ko: '저작권을 선택하세요', en: 'Choose a licence' },
  'artwork.cover_required': { ko: '커버 이미지를 등록하세요', en: 'Add a cover image' },
  'artwork.content_image_required': {
    ko: '포트폴리오 내용이 비어 있습니다. 이미지를 1개 이상 추가하세요.',
    en: 'Portfolio content is empty. Please add at least 1 image.',
  },
  'artwork.too_many_choices': { ko: '최대 {max}개까지 선택할 수 있습니다.', en: 'Choose at most {max}.' },
  'artwork.unknown_choice': { ko: '존재하지 않는 항목입니다: {value}', en: 'Unknown choice: {value}' },
  'artwork.licence_invalid': { ko: '6가지 CC 라이선스 중 하나를 선택하세요.', en: 'Choose one of the six Creative Commons licences.' },
  // SPEC §5: tag messages are fixed (English in the original).
  'artwork.tags_too_many': { ko: '태그가 너무 많습니다.', en: 'There are too many tags.' },
  'artwork.tag_too_long': { ko: '너무 긴 태그가 있습니다.', en: 'One or more of your tags are too long.' },
  'artwork.image_not_uploaded': { ko: '업로드하지 않은 이미지입니다: {value}', en: 'This image was not uploaded here: {value}' },
  'artwork.content_too_long': { ko: '내용이 너무 깁니다.', en: 'The content is too long.' },
  // Issue #34: scheduling and review links.
  // Issue #34 (6): image protection.
  'artwork.max_public_width_invalid': {
    ko: '공개 이미지 최대 너비는 1280, 1920, 2560 또는 제한 없음 중에서 고르세요.',
    en: 'Choose 1280, 1920, 2560 or no limit for the largest public image width.',
  },
  'artwork.watermark_text_required': { ko: '워터마크 문구를 입력하세요.', en: 'Enter the watermark text.' },
  'artwork.watermark_text_max': { ko: '워터마크 문구는 60자 이하로 입력하세요.', en: 'The watermark text can have at most 60 characters.' },
  'artwork.watermark_position_invalid': { ko: '워터마크 위치를 목록에서 고르세요.', en: 'Choose a watermark position from the list.' },
  'artwork.watermark_opacity_invalid': { ko: '워터마크 불투명도는 0.1에서 1 사이여야 합니다.', en: 'The watermark opacity must be between 0.1 and 1.' },
  'artwork.publish_at_invalid': { ko: '날짜와 시간을 올바르게 입력하세요.', en: 'Enter a valid date and time.' },
  'artwork.publish_at_past': { ko: '예약 시각은 지금 이후여야 합니다.', en: 'The scheduled time must be in the future.' },
  'artwork.publish_at_too_far': { ko: '예약은 1년 이내로만 할 수 있습니다.', en: 'You can schedule at most one year ahead.' },
  'review_link.expires_invalid': { ko: '날짜와 시간을 올바르게 입력하세요.', en: 'Enter a valid date and time.' },
  'review_link.expires_past': { ko: '만료 시각은 지금 이후여야 합니다.', en: 'The expiry must be in the future.' },
  'review_link.expires_too_far': { ko: '검토 링크는 최대 1년까지 유효합니다.', en: 'A review link can last at most one year.' },
  'review_link.gone': { ko: '이 검토 링크는 만료되었거나 취소되었습니다.', en: 'This review link has expired or was revoked.' },
  // Uploads.
  'media.type_invalid': { ko: 'JPG, PNG, GIF, WebP 이미지만 올릴 수 있습니다.', en: 'Only JPG, PNG, GIF or WebP images can be uploaded.' },
  'media.too_large': {
    ko: '10MB보다 큰 이미지는 업로드할 수 없습니다. 파일 크기를 줄인 뒤 다시 시도하세요.',
    en: 'You can not upload images larger than 10MB. Reduce file size and try again.',
  },
  'media.filename_invalid': { ko: '파일 이름이 올바르지 않습니다.', en: 'The file name is not valid.' },
  'media.signature_invalid': { ko: '업로드 주소가 올바르지 않습니다.', en: 'This upload URL is not valid.' },
  'media.signature_expired': { ko: '업로드 주소가 만료되었습니다. 다시 시도하세요.', en: 'This upload URL has expired. Try again.' },
  'media.already_uploaded': { ko: '이미 업로드된 파일입니다.', en: 'This file was already uploaded.' },
  'media.missing': { ko: '업로드된 파일이 없습니다.', en: 'No uploaded file was found.' },
  'media.rejected_type': { ko: '이미지 파일이 아닙니다.', en: 'The file is not an image.' },
  'media.rejected_mismatch': { ko: '파일 내용이 선언한 형식과 다릅니다.', en: 'The file content does not match its declared type.' },
  'media.rejected_corrupt': { ko: '이미지를 읽을 수 없습니다.', en: 'The image could not be read.' },
  'media.decode_busy': {
    ko: '지금은 이미지를 처리할 수 없습니다. 잠시 후 다시 시도하세요.',
    en: 'Images cannot be processed right now. Please try again in a moment.',
  },
  'media.decode_too_large': { ko: '이미지가 너무 커서 처리할 수 없습니다.', en: 'The image is too large to process.' },
  'media.rejected_too_many_pixels': { ko: '이미지의 픽셀 수가 너무 많습니다.', en: 'The image has too many pixels.' },
} satisfies Catalogue;
