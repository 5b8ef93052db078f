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

  it("a catalogue mail quotes users' values with their links not live, whichever feature sends it; only the product's links are", () => {
    const mail = catalogueMail('en', 'invite.mail.opened', {
      site: 'AXOO',
      name: 'Kim',
      invite: 'Win at https://evil.example.com',
      closed: '',
      url: 'https://axoo.test/goodluck/1/',
      unsubscribe: 'https://axoo.test/goodluck/unsubscribe/?u=1',
    });
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://axoo.test/goodluck/1/', 'https://axoo.test/goodluck/unsubscribe/?u=1']);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('evil.example.com');
    expect(mail.text).toContain('Win at hxxps[://]evil[.]example[.]com');
  });

  it("a juror's invitation and an applicant's receipt: the call's and the project's titles and the answers are quoted", () => {
    const juror = catalogueMail('en', 'judging.mail.juror', {
      site: 'AXOO',
      invite: 'Posters (rules: www.rules.example.org)',
      url: 'https://axoo.test/jury/accept/abc/',
    });
    expect([...juror.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://axoo.test/jury/accept/abc/']);
    expect(juror.subject).toBe('[AXOO] You are invited to judge "Posters (rules: www[.]rules[.]example[.]org)"');
    const receipt = catalogueMail('en', 'judging.mail.received', {
      site: 'AXOO',
      name: 'Mina',
      invite: 'Call',
      artwork: 'See http://my.example.net',
      date: '2026-11-27 10:00',
      images: '3',
      answers: 'Portfolio?\nhttps://portfolio.example.com',
      url: 'https://axoo.test/mina/?type=application',
    });
    expect([...receipt.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://axoo.test/mina/?type=application']);
    expect(receipt.text).toContain('"See hxxp[://]my[.]example[.]net"');
    expect(receipt.text).toContain('hxxps[://]portfolio[.]example[.]com');
    expect(receipt.text).toContain('on 2026-11-27 10:00');
  });
});
