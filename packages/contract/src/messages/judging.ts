import type { Catalogue } from '../i18n.ts';

/** Server messages and mails of open-call judging (issue #16). */
export const judging = {
  'judging.criteria_max': { ko: '평가 기준은 최대 {max}개입니다.', en: 'A rubric has at most {max} criteria.' },
  'judging.rubric_locked': {
    ko: '첫 점수가 매겨진 뒤에는 평가 기준과 점수 범위를 바꿀 수 없습니다.',
    en: 'The rubric and the scale are locked once the first score is given.',
  },
  'judging.criterion_not_found': { ko: '이 공모의 평가 기준이 아닙니다.', en: 'This criterion does not belong to the call.' },
  'judging.application_not_found': { ko: '이 공모의 출품작이 아닙니다.', en: 'This submission does not belong to the call.' },
  'judging.score_range': { ko: '점수는 {min}부터 {max}까지입니다.', en: 'Scores run from {min} to {max}.' },
  'judging.round_closed': { ko: '이 라운드는 마감되었습니다.', en: 'This round is closed.' },
  'judging.not_in_round': { ko: '이 출품작은 현재 라운드에 없습니다.', en: 'This submission is not in the current round.' },
  'judging.conflicted': {
    ko: '이해관계 충돌을 알린 출품작은 심사할 수 없습니다.',
    en: 'You declared a conflict of interest with this submission, so you do not judge it.',
  },
  'judging.not_open': { ko: '지금은 심사 기간이 아닙니다.', en: 'Judging is not open now.' },
  'judging.juror_exists': { ko: '이미 이 공모의 심사위원입니다.', en: 'This person is already a juror of this call.' },
  'judging.jurors_max': { ko: '심사위원은 최대 {max}명입니다.', en: 'A call has at most {max} jurors.' },
  'judging.juror_removed': { ko: '이 공모의 심사위원에서 제외되었습니다.', en: 'You are no longer a juror of this call.' },
  'judging.invitation_invalid': {
    ko: '초대 링크가 올바르지 않거나 더 이상 유효하지 않습니다.',
    en: 'This invitation link is not valid or no longer in use.',
  },
  'judging.already_juror_elsewhere': {
    ko: '이 계정은 이미 이 공모의 다른 초대로 심사위원입니다.',
    en: 'This account already judges this call through another invitation.',
  },
  'judging.round_open': { ko: '먼저 현재 라운드를 마감하세요.', en: 'Close the current round first.' },
  'judging.shortlist_empty': { ko: '출품작을 하나 이상 고르세요.', en: 'Choose at least one submission.' },
  'judging.shortlist_unknown': { ko: '마감된 라운드에 있던 출품작만 고를 수 있습니다.', en: 'Only submissions of the closed round can be chosen.' },
  'judging.shortlist_choice': { ko: '상위 N개 또는 직접 고른 출품작 중 하나만 보내세요.', en: 'Send either the top N or a hand-picked list.' },
  'judging.selection_not_examination': {
    ko: '최종 선정은 심사 중인 공모에서만 할 수 있습니다.',
    en: 'The final selection is made while the call is under examination.',
  },
  'judging.nothing_to_change': {
    ko: '바꿀 항목을 하나 이상 보내세요: {fields}.',
    en: 'Send at least one of the fields to change: {fields}.',
  },
  'judging.export_not_ready': { ko: '심사 자료가 아직 준비되지 않았습니다.', en: 'The juror pack is not ready yet.' },

  'judging.mail.juror_subject': { ko: '[{site}] "{invite}" 공모의 심사위원으로 초대되었습니다', en: '[{site}] You are invited to judge "{invite}"' },
  'judging.mail.juror_body': {
    ko: '안녕하세요.\n\n"{invite}" 공모의 심사위원으로 초대되었습니다. 아래 링크에서 로그인하거나 가입한 뒤 초대를 수락하세요.\n\n초대 수락: {url}\n',
    en: 'Hello,\n\nYou are invited to judge the open call "{invite}". Log in or sign up from the link below and accept the invitation.\n\nAccept: {url}\n',
  },
  'judging.mail.received_subject': { ko: '[{site}] "{invite}" 공모 출품이 접수되었습니다', en: '[{site}] Your submission to "{invite}" was received' },
  'judging.mail.received_body': {
    ko: '{name}님, 출품해 주셔서 감사합니다.\n\n"{invite}" 공모에 "{artwork}"이(가) {date}에 접수되었습니다. 심사는 접수된 그대로의 사본으로 진행되며, 이후 프로젝트를 수정해도 심사에는 반영되지 않습니다.\n\n접수 내용\n제목: {artwork}\n이미지: {images}장\n{answers}\n\n내 출품작 보기: {url}\n',
    en: 'Thank you, {name}.\n\nYour project "{artwork}" was received by "{invite}" on {date}. The jury judges the copy received now; later edits to the project do not change it.\n\nReceipt\nTitle: {artwork}\nImages: {images}\n{answers}\n\nSee your submissions: {url}\n',
  },
  'judging.mail.shortlisted_subject': { ko: '[{site}] "{invite}" 공모의 후보에 올랐습니다', en: '[{site}] Your submission to "{invite}" is shortlisted' },
  'judging.mail.shortlisted_body': {
    ko: '{name}님, 축하합니다!\n\n"{invite}" 공모에 출품하신 "{artwork}"이(가) 다음 심사 라운드 후보에 올랐습니다.\n\n공모 보기: {url}\n',
    en: 'Good news, {name}!\n\nYour project "{artwork}" submitted to "{invite}" is shortlisted for the next round of judging.\n\nSee the call: {url}\n',
  },
  'judging.mail.not_selected_subject': { ko: '[{site}] "{invite}" 공모 결과 안내', en: '[{site}] The results of "{invite}"' },
  'judging.mail.not_selected_body': {
    ko: '{name}님, 출품해 주셔서 감사합니다.\n\n아쉽게도 "{invite}" 공모에 출품하신 "{artwork}"은(는) 이번에 선정되지 않았습니다. 다음 공모에서 다시 만나기를 바랍니다.\n\n결과 보기: {url}\n',
    en: 'Thank you for taking part, {name}.\n\nYour project "{artwork}" submitted to "{invite}" was not selected this time. We hope to see you in the next call.\n\nSee the results: {url}\n',
  },
} satisfies Catalogue;
