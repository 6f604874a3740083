// Brace expansion as bash does it before anything else: `~/{.ssh,.gnupg}` is the two words `~/.ssh ~/.gnupg`, so a
// rule written for one path meets every path a brace list spells. Only unquoted braces with a comma are a list
// (`{a}` and `${X}` are not); lists nest and multiply (`{a,b}{1,2}`). Bounded: a word yields at most MAX_WORDS;
// past that the caller records a truncation, so padding a list cannot hide the paths it names.

import { matchingBrace, splitTopLevel } from '../brace-syntax';

const MAX_WORDS = 64;

/** A brace list that would yield more than MAX_WORDS words: the caller cannot show what runs. */
export const TOO_MANY_WORDS = 'too-many';

/** The words `text` expands to; undefined when it holds no brace list; TOO_MANY_WORDS past the bound. */
export function expandBraces(text: string): string[] | typeof TOO_MANY_WORDS | undefined {
  if (!text.includes('{') || !text.includes(',')) return undefined;
  const words = expand(text, 0);
  if (!words || words.length > MAX_WORDS) return TOO_MANY_WORDS;
  return words.length > 1 ? words : undefined;
}

function expand(text: string, depth: number): string[] | undefined {
  const open = listStart(text);
  if (open < 0 || depth > 8) return [text];
  const close = matchingBrace(text, open);
  if (close < 0) return [text];
  const alternatives = splitTopLevel(text.slice(open + 1, close));
  if (alternatives.length < 2) return [text];
  const prefix = text.slice(0, open);
  const rest = expand(text.slice(close + 1), depth + 1);
  if (!rest) return undefined;
  const words: string[] = [];
  for (const alternative of alternatives) {
    const inner = expand(alternative, depth + 1);
    if (!inner) return undefined;
    for (const middle of inner) {
      for (const suffix of rest) {
        words.push(prefix + middle + suffix);
        if (words.length > MAX_WORDS) return undefined;
      }
    }
  }
  return words;
}

/** The first `{` that opens a list: not one inside `${…}`, and with a top-level comma before its match. */
function listStart(text: string): number {
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    const close = matchingBrace(text, i);
    if (i > 0 && text[i - 1] === '$') {
      // A parameter expansion: nothing inside it is a brace list.
      if (close < 0) return -1;
      i = close;
      continue;
    }
    if (close > 0 && splitTopLevel(text.slice(i + 1, close)).length > 1) return i;
  }
  return -1;
}
