/**
 * Finds interface text written into web components instead of the translation catalogues: JSX text and the
 * attributes a person reads or hears (aria-label, aria-roledescription, title, placeholder, alt, label).
 */
export interface Literal {
  file: string;
  line: number;
  text: string;
}

const WORDS = /[A-Za-z\u3131-\u318E\uAC00-\uD7A3]/;
const JSX_TEXT = />([^<>{}]+)</g;
const ATTRIBUTE = /\s(aria-label|aria-roledescription|aria-description|aria-placeholder|title|placeholder|alt|label)=(["'])([^"']*)\2/g;

export function literalsOf(file: string, text: string): Literal[] {
  const code = text
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: Literal[] = [];
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  for (const match of code.matchAll(JSX_TEXT)) {
    const words = match[1].trim();
    const before = code[(match.index ?? 0) - 1];
    // `=>` and `->` are arrows, and text with code punctuation is TypeScript between two generics, not JSX.
    if (!words || !WORDS.test(words) || before === '=' || before === '-' || /[;=()&|:,]|\btypeof\b/.test(words)) continue;
    found.push({ file, line: lineAt(match.index ?? 0), text: words });
  }
  for (const match of code.matchAll(ATTRIBUTE)) {
    if (WORDS.test(match[3])) found.push({ file, line: lineAt(match.index ?? 0), text: `${match[1]}="${match[3]}"` });
  }
  return found;
}
