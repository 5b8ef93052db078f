import type { Catalogue } from '../i18n.ts';

/** Issue #20: the contact form, the inbox and their mails. */
export const conversations = {
  'conversation.artist_not_found': { ko: '존재하지 않는 작가입니다.', en: 'This artist does not exist.' },
  'conversation.self': { ko: '자기 자신에게는 메시지를 보낼 수 없습니다.', en: 'You cannot send a message to yourself.' },
  'conversation.artwork_invalid': { ko: '이 작가의 프로젝트가 아닙니다.', en: 'This is not a project of this artist.' },
  'conversation.blocked': { ko: '이 사용자에게 메시지를 보낼 수 없습니다.', en: 'You cannot send messages to this person.' },
  'conversation.suspended': {
    ko: '운영팀이 회원님의 메시지 보내기를 중지했습니다.',
    en: 'Staff have suspended your ability to send messages.',
  },
  'conversation.limit_day': {
    ko: '하루에 대화를 {max}개까지 시작할 수 있습니다. {seconds}초 후에 다시 시도하세요.',
    en: 'You can start at most {max} conversations a day. Try again in {seconds} seconds.',
  },
  'conversation.limit_week': {
    ko: '일주일에 대화를 {max}개까지 시작할 수 있습니다. {seconds}초 후에 다시 시도하세요.',
    en: 'You can start at most {max} conversations a week. Try again in {seconds} seconds.',
  },
  'conversation.identical': {
    ko: '같은 메시지를 너무 많은 작가에게 보냈습니다. 작가마다 내용을 바꿔 써 주세요.',
    en: 'You have sent this same message to too many artists. Write to each artist in your own words.',
  },
  'conversation.not_theirs': { ko: '상대방의 메시지만 신고할 수 있습니다.', en: 'You can only report a message from the other person.' },
  'conversation.mail.subject': { ko: '[{site}] {name}님의 새 메시지: {subject}', en: '[{site}] New message from {name}: {subject}' },
  'conversation.mail.reply': { ko: '받은 메시지함에서 답장하기', en: 'Reply in your inbox' },
  'conversation.mail.body': {
    ko: '{recipient}님, 안녕하세요.\n\n{name}님이 {site}에서 메시지를 보냈습니다.\n\n제목: {subject}\n\n{body}\n\n답장은 {site}의 받은 메시지함에서 하세요(이메일 주소는 서로 공개되지 않습니다):\n{url}\n',
    en: 'Hello {recipient},\n\n{name} sent you a message on {site}.\n\nSubject: {subject}\n\n{body}\n\nReply in your {site} inbox (neither of you sees the other’s e-mail address):\n{url}\n',
  },
} satisfies Catalogue;
