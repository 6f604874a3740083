// A shallow tokenizer for regex source in the RE2/PCRE dialect rule authors write. It knows just enough
// structure (escapes, classes, groups, quantifiers) for the engine to translate the dialect to JavaScript,
// find literals every match must contain, and spot nested quantifiers. It never rejects anything: text it
// does not understand passes through verbatim and `new RegExp` has the last word on validity.

export type RegexToken =
  /** One literal character; `text` is how the source spells it (`a`, `\.`, `\x41`). */
  | { kind: 'char'; text: string; code: number }
  /** A class escape, assertion or back-reference: `\d`, `\b`, `\1`, `\k<name>`, `(?P=name)`, `\p{L}`, `\z`. */
  | { kind: 'escape'; text: string }
  /** A bracketed class, whole: `[a-z]`, `[^\]x]`. */
  | { kind: 'class'; text: string }
  /** `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`, `(?P<name>` (and anything else starting `(?`). */
  | { kind: 'open'; text: string; lookaround: boolean }
  | { kind: 'close'; text: ')' }
  /** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, including a lazy `?` or possessive `+` suffix. */
  | { kind: 'quantifier'; text: string; min: number; max: number }
  | { kind: 'alternation'; text: '|' }
  /** `.`, `^`, `$`. */
  | { kind: 'special'; text: string };

const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, '0': 0 };
const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S', 'b', 'B', 'A', 'z', 'Z', 'G', 'h', 'H', 'R', 'X', 'K']);
const HEX = /^[0-9a-fA-F]+$/;

export function scanRegex(source: string): RegexToken[] {
  const tokens: RegexToken[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const escaped = readEscape(source, i);
      tokens.push(escaped.token);
      i = escaped.end;
    } else if (c === '[') {
      const end = classEnd(source, i);
      tokens.push({ kind: 'class', text: source.slice(i, end) });
      i = end;
    } else if (c === '(') {
      const opener = readGroupOpener(source, i);
      tokens.push(opener);
      i += opener.text.length;
    } else if (c === ')') {
      tokens.push({ kind: 'close', text: ')' });
      i++;
    } else if (c === '|') {
      tokens.push({ kind: 'alternation', text: '|' });
      i++;
    } else if (c === '.' || c === '^' || c === '$') {
      tokens.push({ kind: 'special', text: c });
      i++;
    } else {
      const quantifier = readQuantifier(source, i);
      if (quantifier) {
        tokens.push(quantifier);
        i += quantifier.text.length;
      } else {
        tokens.push({ kind: 'char', text: c, code: c.charCodeAt(0) });
        i++;
      }
    }
  }
  return tokens;
}

export function joinTokens(tokens: readonly RegexToken[]): string {
  let out = '';
  for (const token of tokens) out += token.text;
  return out;
}

function readEscape(source: string, start: number): { token: RegexToken; end: number } {
  const next = source[start + 1];
  if (next === undefined) return { token: { kind: 'char', text: '\\', code: 92 }, end: start + 1 };
  const fixed = (length: number): { token: RegexToken; end: number } => ({
    token: { kind: 'escape', text: source.slice(start, start + length) },
    end: start + length,
  });
  if (next in CONTROL_ESCAPES && !(next === '0' && /[0-9]/.test(source[start + 2] ?? ''))) {
    return { token: { kind: 'char', text: `\\${next}`, code: CONTROL_ESCAPES[next]! }, end: start + 2 };
  }
  if (/[0-9]/.test(next)) {
    let end = start + 2;
    while (/[0-9]/.test(source[end] ?? '')) end++;
    return fixed(end - start);
  }
  if (next === 'x' || next === 'u') {
    const digits = next === 'x' ? 2 : 4;
    const hex = source.slice(start + 2, start + 2 + digits);
    if (hex.length === digits && HEX.test(hex)) {
      return {
        token: { kind: 'char', text: `\\${next}${hex}`, code: Number.parseInt(hex, 16) },
        end: start + 2 + digits,
      };
    }
    if (next === 'u' && source[start + 2] === '{') return fixed(closingOffset(source, start, '}'));
  }
  if (next === 'c' && /[A-Za-z]/.test(source[start + 2] ?? '')) {
    const code = source.charCodeAt(start + 2) % 32;
    return { token: { kind: 'char', text: source.slice(start, start + 3), code }, end: start + 3 };
  }
  if (next === 'k' && source[start + 2] === '<') return fixed(closingOffset(source, start, '>'));
  if ((next === 'p' || next === 'P') && source[start + 2] === '{') return fixed(closingOffset(source, start, '}'));
  if (CLASS_ESCAPES.has(next)) return fixed(2);
  // Identity escape (`\.`, `\/`, `\-`, and in JavaScript's non-unicode mode also `\q` = `q`).
  return { token: { kind: 'char', text: `\\${next}`, code: next.charCodeAt(0) }, end: start + 2 };
}

/** Length from `start` up to and including the first `close` after it (to the end if there is none). */
function closingOffset(source: string, start: number, close: string): number {
  const at = source.indexOf(close, start + 2);
  return (at < 0 ? source.length : at + 1) - start;
}

/** Index just past the `]` that closes the class opened at `start` (the end of the source if none does). */
export function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i++;
  // JavaScript: `[]` is the empty class and `[^]` any character, so a `]` right here closes the class.
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += 2;
    else if (c === '[' && source[i + 1] === ':') {
      const close = source.indexOf(':]', i + 2);
      i = close < 0 ? i + 1 : close + 2;
    } else if (c === ']') return i + 1;
    else i++;
  }
  return source.length;
}

function readGroupOpener(source: string, start: number): RegexToken {
  if (source[start + 1] !== '?') return { kind: 'open', text: '(', lookaround: false };
  const rest = source.slice(start, start + 4);
  for (const prefix of ['(?<=', '(?<!', '(?=', '(?!']) {
    if (rest.startsWith(prefix)) return { kind: 'open', text: prefix, lookaround: true };
  }
  const named = /^\(\?P?<[A-Za-z_$][\w$]*>/.exec(source.slice(start, start + 260));
  if (named) return { kind: 'open', text: named[0], lookaround: false };
  // PCRE's named back-reference; translated to `\k<name>`.
  const backref = /^\(\?P=[A-Za-z_$][\w$]*\)/.exec(source.slice(start, start + 260));
  if (backref) return { kind: 'escape', text: backref[0] };
  return { kind: 'open', text: source.slice(start, start + (source[start + 2] === ':' ? 3 : 2)), lookaround: false };
}

function readQuantifier(source: string, start: number): RegexToken | undefined {
  const c = source[start]!;
  let min: number;
  let max: number;
  let length: number;
  if (c === '*' || c === '+' || c === '?') {
    min = c === '+' ? 1 : 0;
    max = c === '?' ? 1 : Number.POSITIVE_INFINITY;
    length = 1;
  } else if (c === '{') {
    // In JavaScript's non-unicode mode a `{` that does not start a well-formed count is a literal brace.
    const counted = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(start, start + 24));
    if (!counted) return undefined;
    min = Number(counted[1]);
    max = counted[2] === undefined ? min : counted[3] ? Number(counted[3]) : Number.POSITIVE_INFINITY;
    length = counted[0].length;
  } else {
    return undefined;
  }
  const suffix = source[start + length];
  if (suffix === '?' || suffix === '+') length++;
  return { kind: 'quantifier', text: source.slice(start, start + length), min, max };
}
