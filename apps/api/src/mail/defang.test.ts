import { describe, expect, it } from 'vitest';
import { catalogueMail } from './templates.ts';
import { defang } from './defang.ts';

describe('links in text a user wrote are shown, not live, in mails (issues #19, #20)', () => {
  it('writes schemes and hosts so that no mail client links them', () => {
    expect(defang('see https://evil.example.com/x?y=1 now')).toBe('see hxxps[://]evil[.]example[.]com/x?y=1 now');
    expect(defang('HTTP://Shop.kr')).toBe('HxxP[://]Shop[.]kr');
    expect(defang('www.spam.net/offer and bit.ly/abc')).toBe('www[.]spam[.]net/offer and bit[.]ly/abc');
    expect(defang('ftp://files.example.org')).toBe('ftp[://]files[.]example[.]org');
    expect(defang('mail me: kim@studio.co.kr')).toBe('mail me: kim@studio[.]co[.]kr');
    expect(defang('작가님evil.com 보세요')).toBe('작가님evil[.]com 보세요');
  });

  it('leaves text without addresses as it is', () => {
    for (const text of ['A commission, 3 weeks, budget 1.5M KRW', '안녕하세요. 의뢰드립니다!', 'v1.2 of the poster', 'e.g. a mural']) {
      expect(defang(text)).toBe(text);
    }
  });

  it('a defanged value quoted in a catalogue mail gets no link of its own', () => {
    const mail = catalogueMail('en', 'invite.mail.opened', {
      site: 'AXOO',
      name: 'Kim',
      invite: defang('Win at https://evil.example.com'),
      closed: '',
      url: 'https://axoo.test/goodluck/1/',
      unsubscribe: 'https://axoo.test/goodluck/unsubscribe/?u=1',
    });
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://axoo.test/goodluck/1/', 'https://axoo.test/goodluck/unsubscribe/?u=1']);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('evil.example.com');
    expect(mail.text).toContain('Win at hxxps[://]evil[.]example[.]com');
  });
});
