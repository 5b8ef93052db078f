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
  'moderation.note_required': {
    ko: '소유자에게 알릴 사유를 적어 주세요. 기각 외의 조치에는 사유가 필요합니다.',
    en: 'Write the reason the owner is told; every action but dismiss needs one.',
  },
  'moderation.hide_user': {
    ko: '계정은 숨길 수 없습니다. 계정을 막으려면 정지를, 그 밖에는 경고나 삭제를 고르세요.',
    en: 'An account cannot be hidden: to stop it, choose suspend (or warn or remove).',
  },
  'moderation.already_resolved': { ko: '이미 처리된 신고입니다.', en: 'This report is already resolved.' },
  'moderation.target_gone': { ko: '신고된 대상이 이미 삭제되었습니다. 기각만 할 수 있습니다.', en: 'The reported target is gone; it can only be dismissed.' },
  'appeal.not_yours': { ko: '이의를 제기할 수 있는 조치를 찾을 수 없습니다.', en: 'There is no action on your work or account with this id.' },
  'appeal.nothing': { ko: '기각된 신고에는 이의를 제기할 조치가 없습니다.', en: 'This report was dismissed: there is no action to appeal.' },
  'appeal.already': {
    ko: '이 조치에는 이미 이의를 제기했습니다. 조치 하나에 한 번만 할 수 있습니다.',
    en: 'You have already appealed this action; each action can be appealed once.',
  },
  'appeal.decided': { ko: '이미 결정된 이의 제기입니다.', en: 'This appeal is already decided.' },
  'appeal.remove_irreversible': {
    ko: '영구 삭제는 되돌릴 수 없습니다. 삭제된 작품·계정·공모와 파일은 복구되지 않으므로 유지만 할 수 있습니다.',
    en: 'A removal cannot be reversed: the deleted work, account or call and its files are gone for good. It can only be upheld.',
  },
  'moderation.action.hide': { ko: '숨김', en: 'hidden' },
  'moderation.action.remove': { ko: '영구 삭제', en: 'removed for good' },
  'moderation.action.warn': { ko: '경고', en: 'a warning' },
  'moderation.action.suspend': { ko: '계정 정지', en: 'account suspended' },
  'moderation.action.dismiss': { ko: '기각', en: 'dismissed' },
  'moderation.target.artwork': { ko: '작품', en: 'artwork' },
  'moderation.target.user': { ko: '계정', en: 'account' },
  'moderation.target.invite': { ko: '공모', en: 'open call' },
  'moderation.target.message': { ko: '메시지', en: 'message' },
  'moderation.mail.action_subject': { ko: '[{site}] 운영 조치 안내: {action}', en: '[{site}] A moderation action: {action}' },
  'moderation.mail.action_body': {
    ko: '{name}님,\n\n신고를 검토한 결과 회원님의 {target} "{title}"에 다음 조치를 했습니다: {action}.\n\n사유: {note}\n\n이 결정에 동의하지 않으시면 아래 주소에서 한 번 이의를 제기할 수 있습니다. 운영진이 다시 검토해 유지하거나 되돌립니다.\n{url}\n',
    en: 'Dear {name},\n\nAfter reviewing reports, staff took this action on your {target} "{title}": {action}.\n\nReason: {note}\n\nIf you disagree, you can appeal once at the address below; staff review it again and uphold or reverse it.\n{url}\n',
  },
  'moderation.mail.account_removed_subject': { ko: '[{site}] 계정이 삭제되었습니다', en: '[{site}] Your account was removed' },
  'moderation.mail.account_removed_body': {
    ko: '{name}님,\n\n신고를 검토한 결과 운영 정책 위반으로 회원님의 계정과 작품, 파일을 영구 삭제했습니다.\n\n사유: {note}\n\n영구 삭제는 되돌릴 수 없습니다. {url}\n',
    en: 'Dear {name},\n\nAfter reviewing reports, staff removed your account with its work and files for good for breaking the site rules.\n\nReason: {note}\n\nA removal cannot be reversed. {url}\n',
  },
  'moderation.mail.appeal_subject': { ko: '[{site}] 이의 제기 결과: {decision}', en: '[{site}] Your appeal: {decision}' },
  'moderation.mail.appeal_body': {
    ko: '{name}님,\n\n{target} "{title}"에 대한 조치({action})에 제기하신 이의를 검토했습니다: {decision}.\n\n자세히 보기: {url}\n',
    en: 'Dear {name},\n\nStaff reviewed your appeal against the action on your {target} "{title}" ({action}): {decision}.\n\nSee it: {url}\n',
  },
  'moderation.decision.uphold': { ko: '조치 유지', en: 'the action stands' },
  'moderation.decision.reverse': { ko: '조치 취소', en: 'the action is reversed' },
  'login.suspended': {
    ko: '이 계정은 운영 정책 위반으로 정지되었습니다. 받은 알림 메일의 안내에 따라 이의를 제기할 수 있습니다.',
    en: 'This account is suspended for breaking the site rules. You can appeal as the notice mailed to you explains.',
  },
} satisfies Catalogue;
