import type { Catalogue } from '../i18n.ts';

/** Issue #34 (5): bulk import messages. */
export const imports = {
  'import.not_zip': { ko: 'ZIP 파일만 가져올 수 있습니다.', en: 'Only a ZIP file can be imported.' },
  'import.too_large': { ko: 'ZIP 파일은 {max}MB 이하여야 합니다.', en: 'The ZIP file can be at most {max} MB.' },
  'import.too_many_files': { ko: '이미지는 한 번에 {max}개까지 가져올 수 있습니다.', en: 'At most {max} images can be imported at once.' },
  'import.empty': { ko: 'ZIP 파일에 가져올 이미지가 없습니다.', en: 'The ZIP file holds no images to import.' },
  'import.busy': { ko: '진행 중인 가져오기가 끝난 뒤 다시 시도하세요.', en: 'Try again once your import in progress has finished.' },
  'import.not_done': { ko: '가져오기가 끝난 뒤 게시할 수 있습니다.', en: 'The drafts can be published once the import has finished.' },
  'import.skip.unsafe_path': { ko: '안전하지 않은 경로입니다 (상위 폴더나 절대 경로).', en: 'Unsafe path (a parent folder or an absolute path).' },
  'import.skip.symlink': { ko: '심볼릭 링크는 가져오지 않습니다.', en: 'Symbolic links are not imported.' },
  'import.skip.not_image': { ko: '이미지 파일(JPG, PNG, GIF, WebP)이 아닙니다.', en: 'Not an image file (JPG, PNG, GIF, WebP).' },
  'import.skip.duplicate': { ko: '같은 이름의 파일이 이미 있습니다.', en: 'A file of the same name came earlier.' },
  'import.skip.too_large': { ko: '파일이 업로드 한도(10MB)를 넘습니다.', en: 'The file is over the upload limit (10 MB).' },
  'import.skip.size_mismatch': {
    ko: '압축 해제한 크기가 기록된 크기와 다릅니다 (손상되었거나 악의적인 파일).',
    en: 'Its unpacked size differs from the size recorded (a damaged or hostile file).',
  },
  'import.skip.hidden': { ko: '숨김 파일이나 시스템 파일입니다.', en: 'A hidden or system file.' },
  'import.skip.unreadable': { ko: '파일을 읽을 수 없습니다.', en: 'The file could not be read.' },
  'share.images_required': { ko: '공유할 이미지를 1개 이상 보내세요.', en: 'Share at least one image.' },
  'share.too_many': { ko: '이미지는 한 번에 {max}개까지 공유할 수 있습니다.', en: 'At most {max} images can be shared at once.' },
  'share.cross_site': { ko: '다른 사이트에서 보낸 공유는 받지 않습니다.', en: 'A share sent from another site is refused.' },
} satisfies Catalogue;
