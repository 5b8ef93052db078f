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
  'invite.status_not_allowed': {
    ko: '이 상태로 바꿀 수 없습니다. 새 공모는 검토 후 스태프가 공개합니다.',
    en: 'You cannot set this status. Staff open a new call once they have reviewed it.',
  },
  'invite.owner_not_allowed': { ko: '본인의 공모만 만들 수 있습니다.', en: 'You can only create calls of your own.' },
  'invite.dates_order': { ko: '발표일은 마감일 이후여야 합니다.', en: 'The selection date must come after the closing date.' },
  'invite.closed_shortened': {
    ko: '진행 중인 공모의 마감일은 앞당길 수 없습니다.',
    en: 'An open call’s closing date cannot be brought forward.',
  },
  'invite.closed_required': { ko: '마감일을 입력하세요.', en: 'Enter the closing date.' },
  'invite.closed_past': { ko: '마감일은 지금 이후로 정하세요.', en: 'The closing date must be in the future.' },
  'invite.closed_locked': {
    ko: '마감된 공모의 날짜는 바꿀 수 없습니다. 글과 페이지는 계속 고칠 수 있습니다.',
    en: 'A closed call’s dates can no longer change. Its texts and pages can still be edited.',
  },
  'invite.questions_locked': {
    ko: '지원서가 접수된 뒤에는 질문을 바꿀 수 없습니다.',
    en: 'Questions cannot change once the first application has arrived.',
  },
  'invite.not_in_review': { ko: '검토 중인 공모가 아닙니다.', en: 'This call is not under review.' },
  'invite.note_required': { ko: '돌려보내는 이유를 적어 주세요.', en: 'Write why the call is sent back.' },
  'invite.unsubscribe_invalid': {
    ko: '구독 해지 링크가 올바르지 않습니다.',
    en: 'This unsubscribe link is not valid.',
  },
  'invite.mail.opened_subject': { ko: '[{site}] "{invite}" 공모가 시작되었습니다', en: '[{site}] "{invite}" is open for entries' },
  'invite.mail.opened_body': {
    ko: '{name}님, 안녕하세요.\n\n관심 공모 "{invite}"이(가) 지원을 받기 시작했습니다. 마감: {closed}\n\n공모 보기: {url}\n\n이 공모의 알림 그만 받기: {unsubscribe}\n',
    en: 'Hello {name},\n\n"{invite}", a call you follow, is now open for entries. Closes: {closed}\n\nSee the call: {url}\n\nStop mails about this call: {unsubscribe}\n',
  },
  'invite.mail.closing_subject': { ko: '[{site}] "{invite}" 마감 3일 전입니다', en: '[{site}] "{invite}" closes in 3 days' },
  'invite.mail.closing_body': {
    ko: '{name}님, 안녕하세요.\n\n관심 공모 "{invite}"이(가) {closed}에 마감됩니다.\n\n공모 보기: {url}\n\n이 공모의 알림 그만 받기: {unsubscribe}\n',
    en: 'Hello {name},\n\n"{invite}", a call you follow, closes on {closed}.\n\nSee the call: {url}\n\nStop mails about this call: {unsubscribe}\n',
  },
  'invite.mail.selection_subject': { ko: '[{site}] "{invite}" 선정 결과가 발표되었습니다', en: '[{site}] "{invite}": the selection is out' },
  'invite.mail.selection_body': {
    ko: '{name}님, 안녕하세요.\n\n관심 공모 "{invite}"의 선정 결과가 발표되었습니다.\n\n결과 보기: {url}\n\n이 공모의 알림 그만 받기: {unsubscribe}\n',
    en: 'Hello {name},\n\nThe selection of "{invite}", a call you follow, has been published.\n\nSee it: {url}\n\nStop mails about this call: {unsubscribe}\n',
  },
  'invite.mail.approved_subject': { ko: '[{site}] "{invite}" 공모가 공개되었습니다', en: '[{site}] Your call "{invite}" is open' },
  'invite.mail.approved_body': {
    ko: '{name}님, 안녕하세요.\n\n스태프가 "{invite}" 공모를 검토하고 공개했습니다. 이제 작가들이 지원할 수 있습니다.\n\n공모 보기: {url}\n',
    en: 'Hello {name},\n\nStaff reviewed your call "{invite}" and opened it: artists can now apply.\n\nSee the call: {url}\n',
  },
  'invite.mail.returned_subject': { ko: '[{site}] "{invite}" 공모를 수정해 주세요', en: '[{site}] Your call "{invite}" needs changes' },
  'invite.mail.returned_body': {
    ko: '{name}님, 안녕하세요.\n\n스태프가 "{invite}" 공모를 검토하고 다음 메모와 함께 돌려보냈습니다.\n\n{note}\n\n수정하기: {url}\n',
    en: 'Hello {name},\n\nStaff reviewed your call "{invite}" and sent it back with this note:\n\n{note}\n\nEdit it: {url}\n',
  },
  'invite.mail.selected_subject': { ko: '[{site}] "{invite}" 공모에 선정되었습니다', en: '[{site}] Your submission to "{invite}" was selected' },
  'invite.mail.selected_body': {
    ko: '{name}님, 축하합니다!\n\n"{invite}" 공모에 제출하신 프로젝트 "{artwork}"이(가) 선정되었습니다.\n\n공모 보기: {url}\n',
    en: 'Congratulations, {name}!\n\nYour project "{artwork}" submitted to "{invite}" was selected.\n\nSee the invite: {url}\n',
  },
} satisfies Catalogue;
