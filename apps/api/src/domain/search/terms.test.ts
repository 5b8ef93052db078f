import { describe, expect, it } from 'vitest';
import { gramsOf, initialsOf, searchWords, syllableRange, wordOf } from './terms.ts';

describe('search terms (issue #30)', () => {
  it('splits a term into distinct lowercased words, longest first', () => {
    expect(searchWords('  한강   River 한강 ').map((w) => w.word)).toEqual(['river', '한강']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('asks a word of one character for that gram, a longer one for every pair', () => {
    expect(gramsOf('꽃')).toEqual(['꽃']);
    expect(gramsOf('바다')).toEqual(['바다']);
    expect(gramsOf('inkink')).toEqual(['in', 'nk', 'ki']);
    expect(wordOf('Ink').alternatives).toEqual([{ kind: 'text', word: 'ink', grams: ['in', 'nk'] }]);
  });

  it('reads a word of initial consonants as 초성', () => {
    expect(wordOf('ㅂㄷ').alternatives).toEqual([{ kind: 'initials', word: 'ㅂㄷ', grams: ['ㅂㄷ'] }]);
    expect(initialsOf('새벽 밤바다 ink')).toBe('ㅅㅂ ㅂㅂㄷ ink');
  });

  it('reads a word ending in a lone consonant, or in a final the IME holds, as a syllable being typed', () => {
    expect(wordOf('바ㄷ').alternatives).toEqual([{ kind: 'typing', before: '바', initial: 'ㄷ', grams: ['바', 'ㅂㄷ'] }]);
    expect(wordOf('받', true).alternatives).toEqual([
      { kind: 'text', word: '받', grams: ['받'] },
      { kind: 'typing', before: '바', initial: 'ㄷ', grams: ['바', 'ㅂㄷ'] },
    ]);
    // A compound final gives up its last consonant: 닭 → 달 + ㄱ…
    expect(wordOf('닭', true).alternatives[1]).toEqual({ kind: 'typing', before: '달', initial: 'ㄱ', grams: ['달', 'ㄷㄱ'] });
    // Only the word being typed (the term's last) may be mid-syllable.
    expect(searchWords('받 river').find((w) => w.word === '받')?.alternatives).toHaveLength(1);
    expect(searchWords('river 받').find((w) => w.word === '받')?.alternatives).toHaveLength(2);
  });

  it('names the block of syllables that start with a consonant', () => {
    expect(syllableRange('ㄱ')).toEqual(['가', '깋']);
    expect(syllableRange('ㅎ')).toEqual(['하', '힣']);
  });
});
