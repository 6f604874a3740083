// Reading the string literals and bracketed spans of interpreter code (Python, Node, Perl, Ruby, PHP, Lua, R,
// Julia, awk, AppleScript) without parsing the language: enough to take the literal arguments of a call and to
// step over an argument's text.
import { decodeAnsiC } from './ansi-c';
import type { ScannedLanguage } from './interpreters';

/** Languages whose only string literal is double-quoted (a `'` is something else). */
const DOUBLE_QUOTED_ONLY: ReadonlySet<ScannedLanguage> = new Set(['awk', 'applescript']);
/** Languages whose double-quoted literals interpolate expressions. */
const INTERPOLATING: ReadonlySet<ScannedLanguage> = new Set(['ruby', 'perl', 'php', 'julia']);
const PYTHON_PREFIX = /[rRbBuUfF]{1,2}(?=["'])/y;
const CLOSERS: Record<string, string> = { '(': ')', '{': '}', '[': ']', '<': '>' };

export interface StringLiteral {
  /** The text, escapes decoded (raw strings and single quotes where the language keeps them as written). */
  value: string;
  /** Index just past the closing quote. */
  end: number;
  /** Expressions inside are evaluated: f-strings, JS templates, double quotes in Ruby and Perl. */
  interpolated: boolean;
}

/** A quoted string literal at `p` (with Python's prefixes and triple quotes), decoded; undefined if none. */
export function readStringLiteral(code: string, p: number, language: ScannedLanguage): StringLiteral | undefined {
  let raw = false;
  let formatted = false;
  let start = p;
  if (language === 'python') {
    PYTHON_PREFIX.lastIndex = p;
    const prefix = PYTHON_PREFIX.exec(code)?.[0];
    if (prefix) {
      raw = /[rR]/.test(prefix);
      formatted = /[fF]/.test(prefix);
      start += prefix.length;
    }
  }
  const q = code[start];
  if (q !== '"' && !(q === "'" && !DOUBLE_QUOTED_ONLY.has(language)) && !(q === '`' && language === 'node'))
    return undefined;
  const triple = language === 'python' && code.startsWith(q.repeat(3), start);
  const literal = readDelimited(code, start + (triple ? 3 : 1), triple ? q.repeat(3) : q);
  const interpolated = formatted || q === '`' || (q === '"' && INTERPOLATING.has(language));
  if (raw) return { value: literal.body, end: literal.end, interpolated };
  // Single quotes in perl, ruby and php only know \\ and \'.
  const plain = q === "'" && (language === 'perl' || language === 'ruby' || language === 'php');
  const value = plain ? literal.body.replace(/\\([\\'])/g, '$1') : decodeAnsiC(literal.body);
  return { value, end: literal.end, interpolated };
}

/**
 * The text from `from` up to the closing delimiter (a bracket opener closes with its pair, nesting; any other
 * delimiter closes with itself), skipping backslash escapes; unterminated runs to the end.
 */
export function readDelimited(code: string, from: number, opener: string): { body: string; end: number } {
  const closer = CLOSERS[opener] ?? opener;
  let depth = 0;
  let i = from;
  while (i < code.length) {
    if (code[i] === '\\') {
      i += 2;
    } else if (code.startsWith(closer, i)) {
      if (depth === 0) return { body: code.slice(from, i), end: i + closer.length };
      depth -= 1;
      i += closer.length;
    } else {
      if (closer !== opener && code.startsWith(opener, i)) depth += 1;
      i += 1;
    }
  }
  return { body: code.slice(from), end: code.length };
}

export function skipSpaces(code: string, from: number): number {
  let p = from;
  while (p < code.length && (code[p] === ' ' || code[p] === '\t' || code[p] === '\n' || code[p] === '\r')) p += 1;
  return p;
}

const OPENERS = '([{';
const CLOSING = ')]}';

/**
 * The top-level arguments of a call whose `(` was just read, as text: split at commas outside brackets and
 * string literals, up to the matching `)` (or, with `untilStatementEnd`, for calls written without
 * parentheses, up to a `;`, a newline or a closing bracket of the enclosing code). Linear: each character is
 * looked at once.
 */
export function readArguments(
  code: string,
  from: number,
  language: ScannedLanguage,
  untilStatementEnd: boolean,
): { args: string[]; end: number } {
  const args: string[] = [];
  let depth = 0;
  let start = from;
  let i = from;
  while (i < code.length) {
    const c = code[i]!;
    const literal = c === '"' || c === "'" || c === '`' ? readStringLiteral(code, i, language) : undefined;
    if (literal) {
      i = literal.end;
      continue;
    }
    if (OPENERS.includes(c)) {
      depth += 1;
    } else if (CLOSING.includes(c)) {
      if (depth === 0) {
        args.push(code.slice(start, i));
        return { args: args.filter((arg) => arg.trim() !== ''), end: untilStatementEnd ? i : i + 1 };
      }
      depth -= 1;
    } else if (depth === 0 && c === ',') {
      args.push(code.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && untilStatementEnd && (c === ';' || c === '\n')) {
      break;
    }
    i += 1;
  }
  args.push(code.slice(start, i));
  return { args: args.filter((arg) => arg.trim() !== ''), end: i };
}
