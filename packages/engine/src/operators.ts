// The condition operators, each compiled once into a test on the field's value. String operators are
// case-sensitive; REGEX and LINE_REGEX follow the pattern's own flags (see regex.ts), GLOB is in glob.ts.
import { compileGlob } from './glob';
import { compileRegex, type RegexCompileResult } from './regex';
import type { Operator } from './types';

/**
 * Whether the operator holds on a field's value. Undefined when it could not be decided within ssg's bounds on
 * matching (only REGEX and LINE_REGEX, on long texts: see regex.ts); the evaluator never lets that allow a call.
 */
export type ValueTest = (value: string) => boolean | undefined;

export type CompiledOperator =
  /** `leading`: for REGEX, the texts one of which every matching value starts with, when the pattern says. */
  | { ok: true; test: ValueTest; leading?: readonly string[] }
  | { ok: false; code: 'invalid-regex' | 'unsafe-regex' | 'invalid-glob'; reason: string };

export const OPERATORS: readonly Operator[] = [
  'CONTAINS',
  'EQUALS',
  'STARTS_WITH',
  'ENDS_WITH',
  'GLOB',
  'REGEX',
  'WORD',
  'LINE_CONTAINS',
  'LINE_REGEX',
];

export function compileOperator(
  op: Operator,
  value: string,
  /** How REGEX and LINE_REGEX patterns are compiled; the rule compiler passes one that reuses stored forms. */
  compilePattern: (pattern: string) => RegexCompileResult = compileRegex,
): CompiledOperator {
  switch (op) {
    case 'CONTAINS':
      return ok((text) => text.includes(value));
    case 'EQUALS':
      return ok((text) => text === value);
    case 'STARTS_WITH':
      return ok((text) => text.startsWith(value));
    case 'ENDS_WITH':
      return ok((text) => text.endsWith(value));
    case 'WORD':
      return ok((text) => containsWord(text, value));
    case 'LINE_CONTAINS':
      // Some line contains the value exactly when the text does, unless the value spans a line break.
      return ok(value.includes('\n') ? () => false : (text) => text.includes(value));
    case 'GLOB':
      try {
        return ok(compileGlob(value));
      } catch (error) {
        // A reversed class range (`[z-a]`), or braces nested beyond reason.
        return { ok: false, code: 'invalid-glob', reason: error instanceof Error ? error.message : String(error) };
      }
    case 'REGEX':
    case 'LINE_REGEX': {
      const compiled = compilePattern(value);
      if (!compiled.ok) return compiled;
      const { regex } = compiled;
      if (op === 'LINE_REGEX') return ok((text) => regex.testLines(text));
      const leading = regex.leadingPrefixes;
      return leading ? { ok: true, test: (text) => regex.test(text), leading } : ok((text) => regex.test(text));
    }
  }
}

const ok = (test: ValueTest): CompiledOperator => ({ ok: true, test });

/**
 * The value occurs with a non-word character (or the text's start/end) on each side; word = [A-Za-z0-9_].
 * An empty value is no word and matches nothing.
 */
function containsWord(text: string, word: string): boolean {
  if (word === '') return false;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + word.length))) return true;
  }
  return false;
}

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 // _
  );
}
