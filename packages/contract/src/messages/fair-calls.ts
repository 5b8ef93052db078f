import type { Catalogue } from '../i18n.ts';

/** Server messages of fair open calls (issue #33.1, .2, .6, .8): eligibility, grace periods, reminders, results. */
export const fairCalls = {
  'invite.required_answer': { ko: '자격 질문에는 통과 답(예/아니오)을 정하세요.', en: 'An eligibility question needs the answer that passes (yes or no).' },
  'invite.required_answer_text': { ko: '자유 답변 질문에는 통과 답이 없습니다.', en: 'A free-text question has no passing answer.' },
  'invite.not_eligibility_question': { ko: '이 공모의 자격 질문이 아닙니다.', en: 'This is not an eligibility question of this call.' },
  'invite.eligibility_unanswered': { ko: '이 자격 질문에 답하세요.', en: 'Answer this eligibility question.' },
  'invite.not_eligible': {
    ko: '이 공모의 지원 자격에 맞지 않습니다: "{question}"',
    en: 'You are not eligible for this call: "{question}"',
  },
  'invite.eligibility_required': {
    ko: '지원하기 전에 이 공모의 자격 질문에 답하세요.',
    en: 'Answer this call’s eligibility questions before applying.',
  },
  'invite.results_not_published': { ko: '선정 결과는 아직 발표되지 않았습니다.', en: 'The results have not been announced yet.' },
  'invite.results.share_title': { ko: '선정 결과: {invite} · {site}', en: 'Results: {invite} · {site}' },
  'invite.results.share_counts': { ko: '출품작 {entries}점 중 {selected}점 선정', en: '{selected} selected from {entries} entries' },
  'invite.mail.unfinished_subject': { ko: '[{site}] "{invite}" 마감이 하루 남았습니다', en: '[{site}] "{invite}" closes in a day' },
  'invite.mail.unfinished_body': {
    ko: '{name}님, 안녕하세요.\n\n지원을 시작한 공모 "{invite}"이(가) {closed}에 마감됩니다. 아직 지원서가 접수되지 않았습니다.\n\n지원 마치기: {url}\n',
    en: 'Hello {name},\n\nYou started applying to "{invite}", which closes on {closed}. Your entry has not been sent yet.\n\nFinish applying: {url}\n',
  },
} satisfies Catalogue;
