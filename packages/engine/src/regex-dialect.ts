// Rule patterns are written for RE2/PCRE; this turns them into JavaScript regex source. Only constructs that
// are common in published rules and cheap to translate exactly are handled; anything else is left for
// `new RegExp` to accept or reject, and a construct JavaScript would silently read differently is refused.
import { classEnd, type RegexToken, scanRegex } from './regex-syntax';

export interface TranslatedRegex {
  tokens: RegexToken[];
  /** JavaScript flags from leading inline flags (`i`, `m`, `s`), plus `u` when the pattern needs it. */
  flags: string;
  /** Why the pattern cannot be used, when that is known before compiling it. */
  problem?: string;
}

const LEADING_FLAGS = /^\(\?([a-zA-Z]+)\)/;

/** RE2 character classes (ASCII), as JavaScript class contents. */
const POSIX_CLASSES: Record<string, string> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  ascii: '\\x00-\\x7f',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\x21-\\x7e',
  lower: 'a-z',
  print: '\\x20-\\x7e',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '\\w',
  xdigit: '0-9A-Fa-f',
};

/** PCRE escapes JavaScript would silently read as a plain letter. */
const UNSUPPORTED_ESCAPES = new Set(['\\G', '\\K', '\\X', '\\R']);

export function translateRegex(pattern: string): TranslatedRegex {
  let rest = pattern;
  let flags = '';
  for (let leading = LEADING_FLAGS.exec(rest); leading; leading = LEADING_FLAGS.exec(rest)) {
    const letters = leading[1]!;
    if (!/^[ims]+$/.test(letters)) break;
    for (const letter of letters) if (!flags.includes(letter)) flags += letter;
    rest = rest.slice(leading[0].length);
  }
  const multiline = flags.includes('m');
  const tokens: RegexToken[] = [];
  let problem: string | undefined;
  for (const token of scanRegex(rest)) {
    if (token.kind === 'escape') {
      if (UNSUPPORTED_ESCAPES.has(token.text)) problem ??= `${token.text} is not supported`;
      if (/^\\[pP]\{|^\\u\{/.test(token.text) && !flags.includes('u')) flags += 'u';
      tokens.push({ kind: 'escape', text: translateEscape(token.text, multiline) });
    } else if (token.kind === 'open' && token.text.startsWith('(?P<')) {
      tokens.push({ ...token, text: `(?<${token.text.slice(4)}` });
    } else if (token.kind === 'quantifier' && token.text.length > 1 && token.text.endsWith('+')) {
      // Possessive quantifiers do not exist in JavaScript; the greedy one matches a superset.
      tokens.push({ ...token, text: token.text.slice(0, -1) });
    } else if (token.kind === 'class' && token.text.includes('[:')) {
      tokens.push({ kind: 'class', text: translatePosixClasses(token.text) });
    } else {
      tokens.push(token);
    }
  }
  return problem === undefined ? { tokens, flags } : { tokens, flags, problem };
}

function translateEscape(text: string, multiline: boolean): string {
  switch (text) {
    case '\\A':
      return multiline ? '(?<![\\s\\S])' : '^';
    case '\\z':
      return multiline ? '(?![\\s\\S])' : '$';
    case '\\Z':
      return multiline ? '(?=\\n?(?![\\s\\S]))' : '(?=\\n?$)';
    case '\\h':
      return '[ \\t]';
    case '\\H':
      return '[^ \\t]';
    default:
      return text.startsWith('(?P=') ? `\\k<${text.slice(4, -1)}>` : text;
  }
}

function translatePosixClasses(classText: string): string {
  return classText.replace(/\[:(\w+):\]/g, (whole, name: string) => POSIX_CLASSES[name] ?? whole);
}

// ── Case folding ─────────────────────────────────────────────────────────────────────────────────────
// V8's linear-time engine (our guard against catastrophic backtracking, see regex.ts) refuses the `i` flag,
// and `(?i)` is everywhere in published rules. Spelling the case-insensitivity out — `a` → `[aA]`, `[a-f]`
// → `[a-fA-F]` — gives the same matches for ASCII and keeps the guard. Patterns with cased non-ASCII
// characters or constructs this does not model are left alone (undefined): they keep the `i` flag.

export function foldCase(tokens: readonly RegexToken[]): RegexToken[] | undefined {
  const folded: RegexToken[] = [];
  for (const token of tokens) {
    if (token.kind === 'char') {
      const lower = String.fromCharCode(token.code).toLowerCase();
      const upper = lower.toUpperCase();
      if (lower === upper) folded.push(token);
      else if (token.code < 128) folded.push({ kind: 'class', text: `[${lower}${upper}]` });
      else return undefined;
    } else if (token.kind === 'class') {
      const text = foldClass(token.text);
      if (text === undefined) return undefined;
      folded.push({ kind: 'class', text });
    } else if (token.kind === 'escape' && /^\\(\d|k<|p\{|P\{|u\{)/.test(token.text)) {
      return undefined;
    } else {
      folded.push(token);
    }
  }
  return folded;
}

interface ClassAtom {
  /** Character code, or undefined for a class escape (`\d`) that stands for a set. */
  code: number | undefined;
  end: number;
}

/** The class with the other case of every ASCII letter it holds added, or undefined when unsure. */
function foldClass(text: string): string | undefined {
  if (classEnd(text, 0) !== text.length || !text.endsWith(']')) return undefined;
  const bodyEnd = text.length - 1;
  let i = text[1] === '^' ? 2 : 1;
  let extra = '';
  while (i < bodyEnd) {
    const first = readClassAtom(text, i);
    if (!first) return undefined;
    const lo = first.code;
    let hi = first.code;
    i = first.end;
    if (text[i] === '-' && i + 1 < bodyEnd && lo !== undefined) {
      const second = readClassAtom(text, i + 1);
      if (!second) return undefined;
      if (second.code !== undefined) {
        hi = second.code;
        i = second.end;
      }
    }
    if (lo === undefined || hi === undefined) continue;
    if (hi >= 128) return undefined;
    extra += shiftedRange(lo, hi, 97, 122, -32) + shiftedRange(lo, hi, 65, 90, 32);
  }
  return `${text.slice(0, bodyEnd)}${extra}]`;
}

/** The part of [lo, hi] inside [from, to], moved by `shift`, as class text ('' when they do not overlap). */
function shiftedRange(lo: number, hi: number, from: number, to: number, shift: number): string {
  const a = Math.max(lo, from);
  const b = Math.min(hi, to);
  if (a > b) return '';
  return a === b ? hex(a + shift) : `${hex(a + shift)}-${hex(b + shift)}`;
}

const hex = (code: number): string => `\\x${code.toString(16).padStart(2, '0')}`;

function readClassAtom(text: string, i: number): ClassAtom | undefined {
  const c = text[i]!;
  if (c !== '\\') return { code: text.charCodeAt(i), end: i + 1 };
  const next = text[i + 1];
  if (next === undefined) return undefined;
  if ('dDwWsS'.includes(next)) return { code: undefined, end: i + 2 };
  const control: Record<string, number> = { b: 8, n: 10, r: 13, t: 9, f: 12, v: 11 };
  if (next in control) return { code: control[next]!, end: i + 2 };
  if (next === 'x' || next === 'u') {
    const digits = next === 'x' ? 2 : 4;
    const hexDigits = text.slice(i + 2, i + 2 + digits);
    return /^[0-9a-fA-F]+$/.test(hexDigits) && hexDigits.length === digits
      ? { code: Number.parseInt(hexDigits, 16), end: i + 2 + digits }
      : undefined;
  }
  if (/[0-9cpPk]/.test(next)) return undefined;
  return { code: next.charCodeAt(0), end: i + 2 };
}

// ── Large counts ─────────────────────────────────────────────────────────────────────────────────────
// The linear-time engine also refuses counts above 16, common in secret patterns (`[a-f0-9]{32,}`). A count
// splits into pieces it accepts with the same matches: `x{40,}` → `x{16}x{16}x{8}x*`, `x{3,40}` →
// `x{3}x{0,16}x{0,16}x{0,5}`, and on a group `(.*a){30}` → `(?:.*a){16}(?:.*a){14}` (without the engine, that
// group would be thirty nested loops: see hasNestedRepetition). A split group's copies do not capture, so a
// pattern with back-references keeps its group counts. Undefined when nothing changed.

const MAX_COUNT = 16;

export function splitLargeCounts(tokens: readonly RegexToken[]): RegexToken[] | undefined {
  const splitsGroups = !tokens.some(isBackReference);
  const out: RegexToken[] = [];
  let changed = false;
  for (const token of tokens) {
    const large =
      token.kind === 'quantifier' &&
      (token.min > MAX_COUNT || (token.max > MAX_COUNT && token.max !== Number.POSITIVE_INFINITY));
    const atom = large ? lastAtom(out, splitsGroups) : undefined;
    if (large && atom) {
      out.splice(out.length - atom.length);
      out.push(...expandCount(atom, token.min, token.max));
      changed = true;
    } else {
      out.push(token);
    }
  }
  return changed ? out : undefined;
}

/** The atom at the end of `out` a count can be split on, as tokens (a group made non-capturing), or undefined. */
function lastAtom(out: readonly RegexToken[], groups: boolean): RegexToken[] | undefined {
  const last = out[out.length - 1];
  if (!last) return undefined;
  if (isSingleAtom(last)) return [last];
  if (last.kind !== 'close' || !groups) return undefined;
  let depth = 0;
  for (let i = out.length - 1; i >= 0; i--) {
    const token = out[i]!;
    if (token.kind === 'close') depth++;
    else if (token.kind === 'open' && --depth === 0) {
      if (token.lookaround) return undefined;
      return out.slice(i).map((inner) => (inner.kind === 'open' && !inner.lookaround ? NON_CAPTURING : inner));
    }
  }
  return undefined;
}

const NON_CAPTURING: RegexToken = { kind: 'open', text: '(?:', lookaround: false };

function isSingleAtom(token: RegexToken): boolean {
  if (token.kind === 'char' || token.kind === 'class') return true;
  if (token.kind === 'special') return token.text === '.';
  return token.kind === 'escape' && !isBackReference(token);
}

function isBackReference(token: RegexToken): boolean {
  return token.kind === 'escape' && /^\\(\d|k<)|^\(\?P=/.test(token.text);
}

function expandCount(atom: readonly RegexToken[], min: number, max: number): RegexToken[] {
  const out: RegexToken[] = [];
  const repeat = (low: number, high: number): void => {
    out.push(...atom, {
      kind: 'quantifier',
      text: low === high ? `{${low}}` : `{${low},${high}}`,
      min: low,
      max: high,
    });
  };
  for (let left = min; left > 0; left -= MAX_COUNT) repeat(Math.min(left, MAX_COUNT), Math.min(left, MAX_COUNT));
  if (max === Number.POSITIVE_INFINITY) {
    out.push(...atom, { kind: 'quantifier', text: '*', min: 0, max });
  } else {
    for (let left = max - min; left > 0; left -= MAX_COUNT) repeat(0, Math.min(left, MAX_COUNT));
  }
  return out;
}
