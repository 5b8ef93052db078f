import type { Catalogue } from '../i18n.ts';

/** Server messages and mails of repost holds and takedown notices (issue #31). */
export const takedowns = {
  'takedown.good_faith_required': {
    ko: '선의의 진술에 동의해야 접수할 수 있습니다.',
    en: 'You must confirm the good-faith statement to send this.',
  },
  'takedown.url_not_artwork': {
    ko: '이 사이트의 작품 주소가 아닙니다. 작품 페이지의 주소(예: /artwork/123/)를 붙여 넣으세요.',
    en: 'This is not the address of a work on this site. Paste the address of the work’s page (like /artwork/123/).',
  },
  'takedown.link_invalid': {
    ko: '확인 링크가 올바르지 않거나 만료되었습니다. 신고를 다시 접수하세요.',
    en: 'This confirmation link is not valid or has expired. Please send the notice again.',
  },
  'takedown.not_open': { ko: '이 신고는 이미 처리되어 답할 수 없습니다.', en: 'This notice is already decided and can no longer be answered.' },
  'takedown.countered_already': { ko: '이미 이의를 제기했습니다.', en: 'You have already sent a counter-notice.' },
  'hold.not_open': { ko: '이 보류는 이미 처리되었습니다.', en: 'This hold has already been decided.' },
  'takedown.mail.confirm_subject': { ko: '[{site}] 권리 침해 신고를 확인해 주세요', en: '[{site}] Please confirm your takedown notice' },
  'takedown.mail.confirm_body': {
    ko: '{name}님, 권리 침해 신고를 접수했습니다.\n\n신고한 작품: {work}\n\n아래 링크에서 이메일 주소를 확인하면 신고가 효력을 가지며, 해당 작품은 즉시 임시조치(비공개)됩니다. 링크는 {hours}시간 동안 유효합니다. 직접 신고하지 않았다면 이 메일을 무시하세요.\n\n신고 확인: {url}\n',
    en: 'Thank you, {name}. We received your takedown notice.\n\nThe work you named: {work}\n\nConfirm your e-mail address with the link below and the notice takes effect: the work is hidden at once as a temporary measure. The link works for {hours} hours. If you did not send this notice, ignore this mail.\n\nConfirm the notice: {url}\n',
  },
  'takedown.mail.notice_subject': {
    ko: '[{site}] 권리 침해 신고로 "{artwork}"이(가) 임시조치되었습니다',
    en: '[{site}] "{artwork}" is hidden after a takedown notice',
  },
  'takedown.mail.notice_body': {
    ko: '{name}님, "{artwork}"에 대해 권리자라고 밝힌 분의 신고가 접수되어 정보통신망법 제44조의2에 따라 작품을 {date}까지 최대 30일간 임시조치(비공개)했습니다.\n\n신고 내용과 이의 제기: {url}\n\n정당한 권리가 있다면 위 페이지에서 이의를 제기하세요. 운영팀이 양측의 자료를 검토해 복원 또는 삭제를 결정합니다. 기간 안에 결정이 없으면 작품은 다시 공개됩니다.\n',
    en: 'Hello {name}. Someone who says they hold the rights to "{artwork}" sent a notice, so under Article 44-2 of the Korean Network Act we hid the work as a temporary measure of at most 30 days, until {date}.\n\nThe notice and your counter-notice: {url}\n\nIf you have the right to show it, send a counter-notice on that page. Staff review both sides and restore or remove the work. Without a decision in that time, the work shows again.\n',
  },
  'takedown.mail.removed_subject': { ko: '[{site}] 권리 침해 신고 처리 결과', en: '[{site}] The outcome of your takedown notice' },
  'takedown.mail.removed_body': {
    ko: '신고하신 작품({work})을 검토한 결과 삭제했습니다.',
    en: 'We reviewed the work you named ({work}) and removed it.',
  },
  'takedown.mail.restored_subject': { ko: '[{site}] 권리 침해 신고 처리 결과', en: '[{site}] The outcome of your takedown notice' },
  'takedown.mail.restored_body': {
    ko: '신고하신 작품({work})을 검토한 결과 다시 공개했습니다. 이의가 있으면 법원이나 한국저작권위원회를 통해 다툴 수 있습니다.',
    en: 'We reviewed the work you named ({work}) and restored it. If you disagree, you can pursue the matter in court or through the Korea Copyright Commission.',
  },
  'takedown.mail.expired_subject': { ko: '[{site}] 권리 침해 신고 처리 결과', en: '[{site}] The outcome of your takedown notice' },
  'takedown.mail.expired_body': {
    ko: '신고하신 작품({work})의 임시조치 기간(30일)이 결정 없이 끝나 작품이 다시 공개되었습니다. 이의가 있으면 법원이나 한국저작권위원회를 통해 다툴 수 있습니다.',
    en: 'The temporary measure on the work you named ({work}) ended after 30 days without a decision, so it shows again. If you disagree, you can pursue the matter in court or through the Korea Copyright Commission.',
  },
  'reposts.mail.match_subject': { ko: '[{site}] 내 작품과 닮은 작품이 올라왔습니다', en: '[{site}] A work like yours was posted' },
  'reposts.mail.match_body': {
    ko: '{name}님, 다른 계정이 올린 "{artwork}"의 이미지가 내 작품 "{original}"과(와) 거의 같아 공개를 보류했습니다.\n\n두 이미지를 비교하고 답해 주세요. 내가 허락한 게시라면 "내 작품, 허락함"을 눌러 공개하게 하고, 아니라면 신고하세요.\n\n비교하고 답하기: {url}\n',
    en: 'Hello {name}. Another account posted "{artwork}", whose image is nearly the same as your work "{original}", so we are holding it back.\n\nCompare the two and answer: if you allowed it, choose "Mine, I allowed it" and it shows; if not, report it.\n\nCompare and answer: {url}\n',
  },
  'notifications.mail.repost_held': {
    ko: '"{artwork}"이(가) 다른 작가의 작품과 닮아 공개 보류되었습니다.',
    en: '"{artwork}" is held: it looks like another artist’s work.',
  },
  'notifications.mail.repost_held_many': { ko: '작품 {count}점이 공개 보류되었습니다.', en: '{count} of your works are held.' },
  'notifications.mail.repost_match': { ko: '내 작품과 닮은 작품이 올라와 보류되었습니다.', en: 'A work like yours was posted and held.' },
  'notifications.mail.repost_match_many': { ko: '내 작품과 닮은 작품 {count}점이 보류되었습니다.', en: '{count} works like yours were held.' },
  'notifications.mail.takedown': {
    ko: '권리 침해 신고로 "{artwork}"이(가) 임시조치되었습니다.',
    en: '"{artwork}" is hidden after a takedown notice.',
  },
  'notifications.mail.takedown_many': { ko: '권리 침해 신고 {count}건이 접수되었습니다.', en: '{count} takedown notices were received.' },
} satisfies Catalogue;
