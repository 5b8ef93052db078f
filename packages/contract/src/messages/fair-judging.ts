import type { Catalogue } from '../i18n.ts';

/** Server messages and mails of fair judging (issue #33: conflicts, feedback, public votes). */
export const fairJudging = {
  'judging.not_juror': { ko: '이 공모의 심사위원만 이해관계 충돌을 알릴 수 있습니다.', en: 'Only a juror of this call can declare a conflict of interest.' },
  'judging.feedback_before_results': {
    ko: '심사평은 결과가 발표된 뒤에 공개할 수 있습니다.',
    en: 'Feedback can be released once the results are published.',
  },
  'judging.feedback_released': { ko: '심사평은 이미 공개되었습니다.', en: 'Feedback was already released.' },
  'judging.vote_no_shortlist': {
    ko: '공개 투표에는 후보작 목록이 필요합니다. 먼저 라운드를 마감하고 후보를 정하세요.',
    en: 'A public vote needs a shortlist: close a round and shortlist entries first.',
  },
  'judging.vote_dates': { ko: '투표 종료는 시작보다 뒤여야 합니다.', en: 'The vote must end after it starts.' },
  'judging.vote_overlap': { ko: '이 기간에 이미 다른 공개 투표가 있습니다.', en: 'Another public vote of this call overlaps these dates.' },
  'judging.vote_closed': { ko: '지금은 투표 기간이 아닙니다.', en: 'Voting is not open now.' },
  'judging.vote_not_shortlisted': { ko: '이 출품작은 투표 후보가 아닙니다.', en: 'This entry is not on the vote’s shortlist.' },
  'judging.vote_own_entry': { ko: '자신의 출품작에는 투표할 수 없습니다.', en: 'You cannot vote for your own entry.' },
  'judging.vote_account_new': {
    ko: '가입한 지 {days}일이 지난 계정만 투표할 수 있습니다.',
    en: 'Only accounts older than {days} days can vote.',
  },
  'judging.vote_email_unconfirmed': {
    ko: '이메일 인증을 마친 계정만 투표할 수 있습니다. 계정 설정에서 인증하세요: {url}',
    en: 'Confirm your e-mail address to vote. You can do it in your account settings: {url}',
  },
  'judging.vote_ip_limit': {
    ko: '이 네트워크에서 이미 많은 표가 들어왔습니다. 다른 네트워크에서 투표해 주세요.',
    en: 'Too many votes came from this network already.',
  },
  'judging.vote_started': { ko: '이미 시작된 투표는 취소할 수 없습니다.', en: 'A vote that has begun cannot be withdrawn.' },
  'judging.votes_hidden': { ko: '투표 결과는 투표가 끝난 뒤에 공개됩니다.', en: 'The counts are shown once the vote ends.' },
  'judging.mail.feedback_subject': { ko: '[{site}] "{invite}" 공모 심사평이 도착했습니다', en: '[{site}] Jury feedback on your entry to "{invite}"' },
  'judging.mail.feedback_body': {
    ko: '{name}님, 안녕하세요.\n\n"{invite}" 공모에 출품하신 "{artwork}"에 대한 심사위원의 의견이 공개되었습니다.\n\n심사평 보기: {url}\n',
    en: 'Hello {name},\n\nThe jury of "{invite}" shared feedback on your entry "{artwork}".\n\nRead it: {url}\n',
  },
} satisfies Catalogue;
