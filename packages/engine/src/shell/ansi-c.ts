// Backslash escapes as bash decodes them inside `$'…'` (ANSI-C quoting). `echo -e`, `printf` and the string
// literals of interpreter one-liners use the same family of escapes, so they share this decoder.

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

const OCTAL = /[0-7]/;
const HEX = /[0-9A-Fa-f]/;

/** Decodes the body of `$'…'` (without the quotes). Unknown escapes stay as written; NUL results are dropped. */
export function decodeAnsiC(body: string): string {
  if (!body.includes('\\')) return body;
  const out: string[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i]!;
    const next = body[i + 1];
    if (c !== '\\' || next === undefined) {
      out.push(c);
      i += 1;
      continue;
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out.push(simple);
      i += 2;
      continue;
    }
    if (OCTAL.test(next)) {
      const digits = takeDigits(body, i + 1, 3, OCTAL);
      pushCodePoint(out, Number.parseInt(digits, 8) & 0xff, `\\${digits}`);
      i += 1 + digits.length;
      continue;
    }
    const hexWidth = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (hexWidth > 0) {
      const digits = takeDigits(body, i + 2, hexWidth, HEX);
      if (digits === '') out.push('\\', next);
      else pushCodePoint(out, Number.parseInt(digits, 16), `\\${next}${digits}`);
      i += 2 + digits.length;
      continue;
    }
    if (next === 'c' && i + 2 < body.length) {
      // \cX is control-X; bash maps \c? to DEL.
      const target = body[i + 2]!;
      out.push(target === '?' ? '\x7f' : String.fromCharCode(target.charCodeAt(0) & 0x1f));
      i += 3;
      continue;
    }
    out.push('\\', next);
    i += 2;
  }
  return out.join('');
}

function takeDigits(text: string, from: number, max: number, digit: RegExp): string {
  let end = from;
  while (end < text.length && end - from < max && digit.test(text[end]!)) end += 1;
  return text.slice(from, end);
}

function pushCodePoint(out: string[], codePoint: number, asWritten: string): void {
  if (codePoint === 0) return;
  out.push(codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : asWritten);
}
