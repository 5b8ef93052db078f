import type { Catalogue } from '../i18n.ts';

/** Server messages of the Goodluck invites (SPEC §4 Invite status, §5 Answers, §6 invite roles). */
export const invites = {
  'invite.not_found': { ko: '존재하지 않는 공모입니다.', en: 'This invite does not exist.' },
  'invite.not_ongoing': { ko: '진행 중인 공모에만 지원할 수 있습니다.', en: 'Applications are only accepted while the invite is in progress.' },
  'invite.artwork_not_found': { ko: '존재하지 않는 프로젝트입니다.', en: 'This project does not exist.' },
  'invite.artwork_not_own': { ko: '본인의 프로젝트로만 지원할 수 있습니다.', en: 'You can only apply with your own project.' },
  'invite.artwork_not_published': { ko: '발행된 프로젝트로만 지원할 수 있습니다.', en: 'Only a published project can be submitted.' },
  'invite.already_applied': { ko: '이미 이 공모에 지원한 프로젝트입니다.', en: 'This project has already been submitted to this invite.' },
  'invite.question_not_found': { ko: '이 공모의 질문이 아닙니다.', en: 'This question does not belong to the invite.' },
  'invite.question_repeated': { ko: '질문마다 답변은 하나입니다.', en: 'Each question takes one answer.' },
  'invite.answer_max': { ko: '답변은 {max}자 이하로 입력하세요.', en: 'Answers are at most {max} characters.' },
  'invite.answer_exists': { ko: '이 질문에는 이미 답변했습니다.', en: 'This question has already been answered.' },
  'invite.application_not_found': { ko: '존재하지 않는 지원서입니다.', en: 'This application does not exist.' },
  'invite.owner_not_found': { ko: '해당 이메일 또는 번호의 사용자가 없습니다.', en: 'No user has this e-mail or id.' },
  'invite.owner_required': { ko: '주최자를 지정하세요.', en: 'Choose the owner.' },
  'invite.page_not_found': { ko: '존재하지 않는 페이지입니다.', en: 'This page does not exist.' },
  'invite.column_width': { ko: '칸 너비는 6 또는 12입니다.', en: 'Column width is 6 or 12.' },
  'invite.selection_list_closed': {
    ko: '선정 결과는 발표 후에 볼 수 있습니다.',
    en: 'The selected submissions are shown once the selection is announced.',
  },
  'invite.mail.selected_subject': { ko: '[{site}] "{invite}" 공모에 선정되었습니다', en: '[{site}] Your submission to "{invite}" was selected' },
  'invite.mail.selected_body': {
    ko: '{name}님, 축하합니다!\n\n"{invite}" 공모에 제출하신 프로젝트 "{artwork}"이(가) 선정되었습니다.\n\n공모 보기: {url}\n',
    en: 'Congratulations, {name}!\n\nYour project "{artwork}" submitted to "{invite}" was selected.\n\nSee the invite: {url}\n',
  },
} satisfies Catalogue;
