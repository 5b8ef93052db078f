import type { Catalogue } from '../i18n.ts';
import { PASSWORD_MIN } from '../limits.ts';

/** Sign up, login, account, password change and reset (SPEC §5, §8). */
export const accounts = {
  'password.too_short': { ko: `비밀번호는 ${PASSWORD_MIN}자 이상이어야 합니다.`, en: `Your password must contain at least ${PASSWORD_MIN} characters.` },
  'password.no_upper': { ko: '비밀번호에 영문 대문자를 1개 이상 포함하세요.', en: 'Your password must contain at least one uppercase letter.' },
  'password.no_lower': { ko: '비밀번호에 영문 소문자를 1개 이상 포함하세요.', en: 'Your password must contain at least one lowercase letter.' },
  'password.no_digit': { ko: '비밀번호에 숫자를 1개 이상 포함하세요.', en: 'Your password must contain at least one digit.' },
  'password.mismatch': { ko: '비밀번호가 일치하지 않습니다.', en: 'The two password fields didn’t match.' },
  'password.wrong_old': { ko: '기존 비밀번호가 올바르지 않습니다.', en: 'Your old password was entered incorrectly. Please enter it again.' },
  'password.changed': { ko: '비밀번호가 변경되었습니다.', en: 'Your password has been changed.' },
  'password.reset_sent': {
    ko: '비밀번호 재설정 안내를 이메일로 보냈습니다. 받은편지함을 확인하세요.',
    en: 'We’ve emailed you instructions. Check your email inbox.',
  },
  'password.reset_done': {
    ko: '비밀번호가 설정되었습니다. 이제 로그인할 수 있습니다.',
    en: 'Your password has been set. You may go ahead and log in now.',
  },
  'reset.invalid_token': {
    ko: '비밀번호 재설정 링크가 유효하지 않습니다. 이미 사용되었거나 만료되었을 수 있습니다. 새 링크를 요청하세요.',
    en: 'The password reset link was invalid, possibly because it has already been used or has expired. Please request a new one.',
  },
  'login.failed': { ko: '아이디 또는 비밀번호를 확인해주세요.', en: 'Please check your email and password.' },
  'login.locked': {
    ko: '로그인 시도가 너무 많습니다. {minutes}분 후에 다시 시도하세요.',
    en: 'Too many login attempts. Try again in {minutes} minutes.',
  },
  'password_reset.locked': {
    ko: '비밀번호 재설정 요청이 너무 많습니다. {minutes}분 후에 다시 시도하세요.',
    en: 'Too many password reset requests. Try again in {minutes} minutes.',
  },
  'signup.locked': {
    ko: '이 주소에서 가입 시도가 너무 많습니다. {minutes}분 후에 다시 시도하세요.',
    en: 'Too many sign-ups from this address. Try again in {minutes} minutes.',
  },
  'email.taken': { ko: '이미 가입된 이메일입니다.', en: 'A user with that email already exists.' },
  'username.invalid': {
    ko: '영문, 숫자와 . @ _ - 만 사용할 수 있습니다.',
    en: 'Enter a valid username: letters, numbers and . @ _ - only.',
  },
  'username.english_only': { ko: '영문만 사용할 수 있습니다 (영문, 숫자, _ . + -).', en: 'English only (letters, digits, _ . + -).' },
  'username.reserved': { ko: '사용할 수 없는 사용자 이름입니다.', en: 'This username is not available.' },
  'username.taken': { ko: '이미 사용 중인 사용자 이름입니다.', en: 'A user with that username already exists.' },
  'phone.invalid': { ko: '올바른 전화번호를 입력하세요.', en: 'Enter a valid phone number.' },
  'date_of_birth.invalid': { ko: '올바른 생년월일을 입력하세요.', en: 'Enter a valid date of birth.' },
  'account.premium_delete': {
    ko: '유료 멤버십 회원은 직접 탈퇴할 수 없습니다. 탈퇴 신청서를 제출하시면 이메일로 승인 후 처리됩니다.',
    en: 'Paid members cannot delete their account here. Submit the withdrawal form; the withdrawal is approved by e-mail.',
  },
  // Issue #33.7: e-mail confirmation.
  'email_confirm.invalid': {
    ko: '인증 링크가 올바르지 않거나 만료되었습니다. 계정 설정에서 인증 메일을 다시 받으세요.',
    en: 'The confirmation link is invalid or has expired. Ask for a new one in your account settings.',
  },
  'email_confirm.used': {
    ko: '이미 사용한 인증 링크입니다. 이메일 주소는 인증되어 있습니다.',
    en: 'This confirmation link was already used; your e-mail address is confirmed.',
  },
  'email_confirm.done': { ko: '이메일 주소가 인증되었습니다.', en: 'Your e-mail address is confirmed.' },
  'email_confirm.sent': {
    ko: '인증 메일을 {email} 주소로 보냈습니다. 메일의 링크를 열어 주세요.',
    en: 'We sent a confirmation link to {email}. Open the link in that mail.',
  },
  'email_confirm.already': { ko: '이메일 주소가 이미 인증되어 있습니다.', en: 'Your e-mail address is already confirmed.' },
  'email_confirm.locked': {
    ko: '인증 메일 요청이 너무 많습니다. {minutes}분 후에 다시 시도하세요.',
    en: 'Too many confirmation mails asked for. Try again in {minutes} minutes.',
  },
  'accounts.mail.confirm_subject': { ko: '[{site}] 이메일 주소를 인증해 주세요', en: '[{site}] Confirm your e-mail address' },
  'accounts.mail.confirm_body': {
    ko: '{name}님, 안녕하세요.\n\n이 주소가 {site} 계정의 이메일 주소임을 인증하려면 아래 링크를 여세요. 링크는 {hours}시간 동안 한 번 사용할 수 있습니다.\n\n{url}\n\n요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. — {site} 팀',
    en: 'Hello {name},\n\nTo confirm this address as the e-mail address of your {site} account, open the link below. It works once, for {hours} hours.\n\n{url}\n\nIf you did not ask for this, you can ignore this e-mail. — The {site} team',
  },
  'account.deleted': { ko: '계정이 삭제되었습니다.', en: 'Your account has been deleted.' },
} satisfies Catalogue;
