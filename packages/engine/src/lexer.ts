// Splits `.rules` text into tokens with 1-based positions. Line breaks are tokens because clauses are
// line-based. `#` starts a comment where a token could start (so `"a # b"` and `c#d` keep theirs); comments
// that fill a whole line are kept aside, as rule metadata may live in them.

export type TokenKind = 'word' | 'string' | '(' | ')' | '{' | '}' | 'newline' | 'end';

export interface Token {
  kind: TokenKind;
  /** A word as written, a string's decoded value, or the punctuation itself. */
  text: string;
  line: number;
  column: number;
  /** Where the token starts and ends in the text (0-based, end exclusive; a string's include its quotes). */
  offset: number;
  end: number;
  /** Whether this is the first token on its line. */
  lineStart: boolean;
  /** A string that reached the end of its line without a closing quote. */
  unterminated: boolean;
}

export interface LexedText {
  tokens: Token[];
  /** Text after the `#` of every line that holds nothing but a comment, by line number. */
  commentLines: Map<number, string>;
  /** Quotes read as part of a string although they are not escaped (see readString). */
  strayQuotes: Position[];
}

export type Position = Pick<Token, 'line' | 'column'>;

const PUNCTUATION = new Set(['(', ')', '{', '}']);
/** What may directly follow a string's closing quote. */
const CLOSING_FOLLOWERS = new Set(['\n', ')', '}', '#']);

export function tokenize(text: string): LexedText {
  const tokens: Token[] = [];
  const commentLines = new Map<number, string>();
  const strayQuotes: Position[] = [];
  let line = 1;
  let lineOffset = 0;
  let lineStart = true;
  let i = 0;
  const push = (kind: TokenKind, value: string, start: number, end: number, unterminated = false): void => {
    tokens.push({
      kind,
      text: value,
      line,
      column: start - lineOffset + 1,
      offset: start,
      end,
      lineStart,
      unterminated,
    });
    lineStart = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      push('newline', '\n', i, i + 1);
      i++;
      line++;
      lineOffset = i;
      lineStart = true;
    } else if (isSpace(c)) {
      i++;
    } else if (c === '#') {
      const end = lineEnd(text, i);
      if (lineStart) commentLines.set(line, text.slice(i + 1, end));
      i = end;
    } else if (c === '"') {
      const { value, end, closed, strayQuote } = readString(text, i);
      if (strayQuote !== undefined) strayQuotes.push({ line, column: strayQuote - lineOffset + 1 });
      push('string', value, i, end, !closed);
      i = end;
    } else if (PUNCTUATION.has(c)) {
      push(c as TokenKind, c, i, i + 1);
      i++;
    } else {
      let end = i + 1;
      while (end < text.length && isWordChar(text[end]!)) end++;
      push('word', text.slice(i, end), i, end);
      i = end;
    }
  }
  tokens.push({
    kind: 'end',
    text: '',
    line,
    column: i - lineOffset + 1,
    offset: i,
    end: i,
    lineStart,
    unterminated: false,
  });
  return { tokens, commentLines, strayQuotes };
}

/**
 * A string starting at the quote at `start`; strings end on their line. Published rules hold unescaped
 * quotes inside strings (`REGEX "key\s*=\s*["\x27]\w+"`), which read strictly cannot parse at all, so
 * a quote followed directly by something other than a blank, `)`, `}`, `#` or the end of the line, while a
 * later quote on the line could still close the string, is taken as part of the string (a stray quote).
 */
function readString(text: string, start: number): { value: string; end: number; closed: boolean; strayQuote?: number } {
  const lineStop = lineEnd(text, start);
  let strayQuote: number | undefined;
  for (let i = start + 1; i < lineStop; i++) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === '\\' || text[i + 1] === '"')) i++;
    else if (c === '"') {
      if (closesString(text, i, lineStop)) {
        const closed = { value: decodeString(text.slice(start + 1, i)), end: i + 1, closed: true };
        return strayQuote === undefined ? closed : { ...closed, strayQuote };
      }
      strayQuote ??= i;
    }
  }
  // Unterminated: the value runs to the end of the line (a `\r` before the break is not part of it).
  const stop = lineStop > start + 1 && text[lineStop - 1] === '\r' ? lineStop - 1 : lineStop;
  return { value: decodeString(text.slice(start + 1, stop)), end: lineStop, closed: false };
}

function closesString(text: string, quote: number, lineStop: number): boolean {
  const after = text[quote + 1];
  if (after === undefined || CLOSING_FOLLOWERS.has(after) || isSpace(after)) return true;
  const nextQuote = text.indexOf('"', quote + 1);
  return nextQuote < 0 || nextQuote >= lineStop;
}

/** `\\` is a backslash and `\"` a quote; every other backslash sequence is kept as written (`"\s+"` → `\s+`). */
export function decodeString(raw: string): string {
  return raw.includes('\\') ? raw.replace(/\\([\\"])/g, '$1') : raw;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || (c > '\x7f' && /\s/.test(c));
}

function isWordChar(c: string): boolean {
  return c !== '"' && c !== '\n' && !PUNCTUATION.has(c) && !isSpace(c);
}
