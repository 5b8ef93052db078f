import { describe, expect, it } from 'vitest';
import { socialLabel, socialUrl } from './social.ts';

describe('socialUrl (SPEC §2 Profile social links)', () => {
  it('builds each network’s profile address from a handle, with or without @', () => {
    expect(socialUrl('instagram', '@kim.art')).toBe('https://www.instagram.com/kim.art/');
    expect(socialUrl('instagram', 'kim.art')).toBe('https://www.instagram.com/kim.art/');
    expect(socialUrl('facebook', 'kim')).toBe('https://www.facebook.com/kim');
    expect(socialUrl('twitter', '@kim')).toBe('https://twitter.com/kim');
    expect(socialUrl('pinterest', 'kim')).toBe('https://www.pinterest.com/kim/');
    expect(socialUrl('tumblr', 'kim')).toBe('https://www.tumblr.com/kim');
    expect(socialUrl('youtube', '@kim')).toBe('https://www.youtube.com/@kim');
    expect(socialUrl('youtube', 'UC1234567890123456789012')).toBe('https://www.youtube.com/channel/UC1234567890123456789012');
    expect(socialUrl('vimeo', 'kim')).toBe('https://vimeo.com/kim');
  });

  it('keeps pasted web addresses and adds https to bare ones', () => {
    expect(socialUrl('website', 'kim.com')).toBe('https://kim.com/');
    expect(socialUrl('website', 'http://kim.com/works')).toBe('http://kim.com/works');
    expect(socialUrl('instagram', 'https://instagram.com/kim')).toBe('https://instagram.com/kim');
    expect(socialUrl('instagram', 'www.instagram.com/kim')).toBe('https://www.instagram.com/kim');
  });

  it('never makes a script link, and gives nothing for empty or broken handles', () => {
    expect(socialUrl('website', 'javascript:alert(1)')).toBeNull();
    expect(socialUrl('instagram', 'data:text/html,x')).toBeNull();
    expect(socialUrl('instagram', '   ')).toBeNull();
    expect(socialUrl('instagram', 'two words')).toBeNull();
    expect(socialUrl('twitter', 'a?b=1')).toBeNull();
  });

  it('labels links without the scheme', () => {
    expect(socialLabel('https://kim.com/')).toBe('kim.com');
    expect(socialLabel('@kim')).toBe('@kim');
  });
});
