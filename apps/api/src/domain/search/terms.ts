import { canBeChoseong, combineCharacter, disassembleCompleteCharacter, getChoseong } from 'es-hangul';

/**
 * Issue #30: what a search term asks, word by word, before any SQL (a pure function, its own tests).
 * Every word must match; a word matches a text when any of its alternatives does:
 * - `text`: the word anywhere in the text, case-insensitive ('바다' in '새벽 밤바다 연작', 'ink' in 'Inkwell');
 * - `initials`: a word of initial consonants only ('ㅂㄷ') matches the 초성 of the text (바다);
 * - `typing`: a word caught mid-syllable, `before` followed by a syllable that starts with `initial`:
 *   '바ㄷ' (the consonant typed alone) and '받' (the IME holds it as a final until the next vowel) both find 바다.
 * Each alternative carries the grams (one or two characters, lowercased) that its texts must hold, which the
 * GIN indexes of migration 0013 answer; the SQL (match.ts) rechecks the exact pattern on what they find.
 */
export type Alternative =
  | { kind: 'text'; word: string; grams: string[] }
  | { kind: 'initials'; word: string; grams: string[] }
  | { kind: 'typing'; before: string; initial: string; grams: string[] };

export interface SearchWord {
  word: string;
  alternatives: Alternative[];
}

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const isSyllable = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return code >= HANGUL_FIRST && code <= HANGUL_LAST;
};
const isInitial = (c: string) => canBeChoseong(c);

/** The 초성 of each syllable, other characters as they are (the database's `search_choseong`, lowercased). */
export const initialsOf = (text: string) => [...text].map((c) => (isSyllable(c) ? getChoseong(c) : c)).join('');

/** The grams a text holding `text` must hold: the one character, or every pair of neighbours. */
export function gramsOf(text: string): string[] {
  const chars = [...text];
  if (chars.length === 1) return chars;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}

/** The syllables whose initial is `initial`: the first and last code points of its block (가…깋 for ㄱ). */
export function syllableRange(initial: string): [string, string] {
  return [combineCharacter(initial, 'ㅏ'), combineCharacter(initial, 'ㅣ', 'ㅎ')];
}

/** `before` then a syllable starting with `initial`: its grams are those of `before` and of the initials' last pair. */
function typing(before: string, initial: string): Alternative {
  const last = [...before].at(-1) ?? '';
  const pair = `${isSyllable(last) ? getChoseong(last) : last}${initial}`;
  return { kind: 'typing', before, initial, grams: [...new Set([...gramsOf(before), pair])] };
}

/** A word ending in a final consonant that may be the next syllable's initial ('받' → '바' + ㄷ…). */
function heldFinal(word: string): Alternative | null {
  const chars = [...word];
  const last = chars.at(-1) ?? '';
  const parts = isSyllable(last) ? disassembleCompleteCharacter(last) : undefined;
  if (!parts?.jongseong) return null;
  const moved = parts.jongseong.at(-1) ?? '';
  if (!isInitial(moved)) return null;
  const kept = combineCharacter(parts.choseong, parts.jungseong, parts.jongseong.slice(0, -1));
  return typing(chars.slice(0, -1).join('') + kept, moved);
}

/** One word (no white space, lowercased) and its alternatives; `typed`: the word still being typed. */
export function wordOf(raw: string, typed = false): SearchWord {
  const word = raw.toLowerCase();
  const chars = [...word];
  if (chars.every(isInitial)) return { word, alternatives: [{ kind: 'initials', word, grams: gramsOf(word) }] };
  const last = chars.at(-1) ?? '';
  const head = chars.slice(0, -1).join('');
  if (isInitial(last) && !chars.slice(0, -1).some(isInitial)) return { word, alternatives: [typing(head, last)] };
  const alternatives: Alternative[] = [{ kind: 'text', word, grams: gramsOf(word) }];
  const held = typed ? heldFinal(word) : null;
  if (held) alternatives.push(held);
  return { word, alternatives };
}

/**
 * The words of a term (split at white space, each distinct), longest first: the longest drives the query. Only
 * the term's last word, the one being typed, may end in a held final ('받' while typing 바다).
 */
export function searchWords(term: string): SearchWord[] {
  const words = [...new Set(term.trim().split(/\s+/u).filter(Boolean))];
  const parsed = words.map((w, i) => wordOf(w, i === words.length - 1));
  return parsed.sort((a, b) => [...b.word].length - [...a.word].length);
}
