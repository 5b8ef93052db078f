import type { Catalogue } from '../i18n.ts';

/** Server messages of reports, moderation, appeals and takedowns (issue #31). */
export const moderation = {
  'report.target_not_found': { ko: '신고할 대상을 찾을 수 없습니다.', en: 'There is nothing to report with this id.' },
  'report.self': { ko: '자기 자신이나 자신의 작품·공모는 신고할 수 없습니다.', en: 'You cannot report yourself or your own work.' },
  'report.limit_day': {
    ko: '오늘은 신고를 {max}건까지 할 수 있습니다. {seconds}초 후에 다시 시도하세요.',
    en: 'You can file {max} reports a day. Try again in {seconds} seconds.',
  },
  'report.limit_week': {
    ko: '한 주에 신고를 {max}건까지 할 수 있습니다. {seconds}초 후에 다시 시도하세요.',
    en: 'You can file {max} reports a week. Try again in {seconds} seconds.',
  },
  'report.already_open': {
    ko: '같은 신고자가 같은 대상을 다시 신고한 건이 열려 있어 이 신고를 다시 열 수 없습니다.',
    en: 'The same person has a newer open report of this; it cannot be reopened beside it.',
  },
  'login.suspended': {
    ko: '이 계정은 운영 정책 위반으로 정지되었습니다. 받은 알림 메일의 안내에 따라 이의를 제기할 수 있습니다.',
    en: 'This account is suspended for breaking the site rules. You can appeal as the notice mailed to you explains.',
  },
} satisfies Catalogue;
