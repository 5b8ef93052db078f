import type { Catalogue } from '../i18n.ts';

/** Messages of artists' rights: the data export (issue #18). */
export const rights = {
  'export.running': {
    ko: '이미 데이터를 준비하고 있습니다. 끝나면 메일로 알려드립니다.',
    en: 'Your data is already being prepared; we will mail you when it is ready.',
  },
  'export.link_invalid': { ko: '올바르지 않은 다운로드 링크입니다.', en: 'This download link is not valid.' },
  'export.link_expired': {
    ko: '다운로드 링크가 만료되었습니다. 계정 페이지에서 다시 요청하세요.',
    en: 'This download link has expired. Ask for a new one on your account page.',
  },
  'export.mail_subject': { ko: '[{site}] 내 데이터 다운로드 준비 완료', en: '[{site}] Your data is ready to download' },
  'export.mail_body': {
    ko: '{name}님, 안녕하세요.\n\n요청하신 {site} 데이터(작품 원본 이미지, 프로필, 작품, 컬렉션, 오픈콜 지원 내역)를 ZIP 파일로 준비했습니다 ({size}).\n\n아래 링크에서 로그인한 상태로 내려받으세요. 링크는 {hours}시간 동안 유효합니다.\n\n{url}\n\n— {site} 팀',
    en: 'Hello {name},\n\nThe {site} data you asked for (original images of your artworks, your profile, artworks, collections and open-call applications) is ready as a ZIP file ({size}).\n\nDownload it from the link below while logged in. The link works for {hours} hours.\n\n{url}\n\n— The {site} team',
  },
} satisfies Catalogue;
