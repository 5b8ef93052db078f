import { describe, expect, it } from 'vitest';
import { avatarImage, DEFAULT_AVATAR } from './avatar.ts';

describe('avatarImage (SPEC §2: the default avatar when there is none)', () => {
  it('prefers the cropped image, then the original, at avatar width with a 2x source', () => {
    expect(avatarImage({ cropped_avatar: 'avatars/c.png', avatar: 'avatars/o.png' })).toEqual({
      src: '/media/avatars/c.png?w=156',
      srcSet: '/media/avatars/c.png?w=156 1x, /media/avatars/c.png?w=312 2x',
    });
    expect(avatarImage({ cropped_avatar: '', avatar: 'avatars/o.png' }).src).toBe('/media/avatars/o.png?w=156');
  });

  it('falls back to the default for a user without one, or no user', () => {
    expect(avatarImage({ cropped_avatar: '', avatar: '' })).toEqual({ src: DEFAULT_AVATAR });
    expect(avatarImage(undefined)).toEqual({ src: DEFAULT_AVATAR });
  });
});
