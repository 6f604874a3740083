// What compiling a rule pattern works out, as plain JSON: the JavaScript source to run (translated from the
// rule dialect, rewritten for V8's linear-time engine when that is possible), the variant for windows that stop
// short of the text's end, the literals every match contains — or why the pattern is refused. Working this out
// (translation, probing V8's linear-time engine, case folding, literal extraction) is most of what compiling a
// rule set costs; building the matcher from a form only takes `new RegExp`. A process that starts for every
// tool call (the hook) stores the forms and hands them back to `compileRules`, so it never redoes the analysis.
import { hasNestedRepetition, leadingPrefixes, longestMatch, prefixClosure, requiredLiterals } from './regex-analysis';
import { foldCase, splitLargeCounts, translateRegex } from './regex-dialect';
import { joinTokens, type RegexToken } from './regex-syntax';

/**
 * Bumped whenever the analysis or the meaning of a field changes, so forms stored by an older ssg are worked
 * out again rather than trusted.
 */
export const REGEX_FORM_VERSION = 2;

export type RegexForm =
  | {
      version: number;
      ok: true;
      /** JavaScript source for a search that may reach the text's end (the matcher adds the `g` flag). */
      source: string;
      /** Source for a window that stops short of the text's end (`$` replaced); absent when the same. */
      inner?: string;
      /** Flags of both sources, from `imsu`. */
      flags: string;
      /** Literals every match contains, longest first. */
      literals: string[];
      /** Flags to search the literals with: the pattern's own `i` and `u`, before any case folding. */
      literalFlags: string;
      /**
       * When the pattern only matches at the start of the text (of each line, for LINE_REGEX): literal prefixes,
       * one of which every match starts with, in lower case when `literalFlags` has `i`. Absent when unknown.
       */
      leading?: string[];
      /** V8's linear-time engine runs `source`, so a whole text can be searched exactly (regex.ts, beyond the windows). */
      linear?: true;
      /** The most characters one match spans, lookarounds included (see longestMatch); absent when unbounded. */
      reach?: number;
    }
  | { version: number; ok: false; code: 'invalid-regex' | 'unsafe-regex'; reason: string };

/** Forms by the pattern as the rule spells it; a plain object so it survives JSON. */
export type RegexForms = Record<string, RegexForm>;

export function describeRegex(pattern: string): RegexForm {
  const translated = translateRegex(pattern);
  if (translated.problem !== undefined) return refused('invalid-regex', translated.problem);
  const source = joinTokens(translated.tokens);
  try {
    new RegExp(source, translated.flags);
  } catch (error) {
    return refused('invalid-regex', describeSyntaxError(error, source));
  }
  const native = runsInLinearTime(source, translated.flags);
  const rewritten = native ? undefined : linearForm(translated.tokens, translated.flags);
  if (!native && !rewritten && hasNestedRepetition(translated.tokens)) {
    return refused(
      'unsafe-regex',
      'a repeated group can split a text between its repetitions in many ways (like `(a+)+`, `(.*a){30}` or ' +
        '`(a|aa){25}`), which can take exponential time; ssg accepts that shape only in patterns without ' +
        'lookaround, back-references or \\p{…}',
    );
  }
  const { tokens, flags } = rewritten ?? translated;
  const form: RegexForm = {
    version: REGEX_FORM_VERSION,
    ok: true,
    source: joinTokens(tokens),
    flags,
    literals: requiredLiterals(translated.tokens),
    literalFlags: translated.flags.replace(/[^iu]/g, ''),
  };
  if (!flags.includes('m') && tokens.some(isEndAnchor)) {
    form.inner = joinTokens(tokens.map((token) => (isEndAnchor(token) ? NEVER : token)));
  }
  // With the m flag `^` also matches after every line break; with the u flag a character can be two code units.
  const leading = /[mu]/.test(translated.flags)
    ? undefined
    : leadingPrefixes(translated.tokens, translated.flags.includes('i'));
  if (leading !== undefined) form.leading = leading;
  if (native || rewritten) form.linear = true;
  const reach = longestMatch(tokens, translated.flags.includes('u') ? 2 : 1);
  if (reach !== Number.POSITIVE_INFINITY) form.reach = reach;
  return form;
}

/**
 * Source and flags of a pattern matching the prefixes of the pattern's matches, then the end of the text (see
 * prefixClosure): it finds where a match attempt is alive at the end of a piece of text. Undefined for patterns
 * with lookaround or back-references, which a piece cannot be judged on. Worked out only when a long text needs
 * it, so not part of the form.
 */
export function describePrefixes(pattern: string): { source: string; flags: string } | undefined {
  const translated = translateRegex(pattern);
  if (translated.problem !== undefined) return undefined;
  const native = runsInLinearTime(joinTokens(translated.tokens), translated.flags);
  const { tokens, flags } = native ? translated : (linearForm(translated.tokens, translated.flags) ?? translated);
  const judgeable = tokens.every(
    (token) =>
      !(token.kind === 'open' && token.lookaround) &&
      !(token.kind === 'escape' && /^\\[1-9]|^\\k<|^\(\?/.test(token.text)),
  );
  return judgeable ? { source: `(?:${joinTokens(prefixClosure(tokens))})$`, flags } : undefined;
}

/** Whether a value read back from storage is a form of the current version, with fields of the right types. */
export function isCurrentForm(value: unknown): value is RegexForm {
  if (typeof value !== 'object' || value === null) return false;
  const form = value as Record<string, unknown>;
  if (form.version !== REGEX_FORM_VERSION) return false;
  if (form.ok === false) {
    return (form.code === 'invalid-regex' || form.code === 'unsafe-regex') && typeof form.reason === 'string';
  }
  return (
    form.ok === true &&
    typeof form.source === 'string' &&
    (form.inner === undefined || typeof form.inner === 'string') &&
    typeof form.flags === 'string' &&
    /^[imsu]*$/.test(form.flags) &&
    typeof form.literalFlags === 'string' &&
    /^[iu]*$/.test(form.literalFlags) &&
    (form.leading === undefined || isListOfText(form.leading)) &&
    (form.linear === undefined || form.linear === true) &&
    (form.reach === undefined || (typeof form.reach === 'number' && form.reach >= 0)) &&
    isListOfText(form.literals)
  );
}

const isListOfText = (value: unknown): boolean =>
  Array.isArray(value) && value.every((text) => typeof text === 'string' && text !== '');

const refused = (code: 'invalid-regex' | 'unsafe-regex', reason: string): RegexForm => ({
  version: REGEX_FORM_VERSION,
  ok: false,
  code,
  reason,
});

/**
 * A rewrite of the pattern that V8's linear-time engine accepts and that matches the same texts: with its
 * case-folding spelled out (`i` flag), its large counts split, or both; undefined when none does.
 */
function linearForm(tokens: readonly RegexToken[], flags: string): { tokens: RegexToken[]; flags: string } | undefined {
  const folded = flags.includes('i') ? foldCase(tokens) : undefined;
  const foldedFlags = flags.replace('i', '');
  const candidates = [
    { tokens: splitLargeCounts(tokens), flags },
    { tokens: folded, flags: foldedFlags },
    { tokens: folded && splitLargeCounts(folded), flags: foldedFlags },
  ];
  for (const candidate of candidates) {
    if (candidate.tokens && runsInLinearTime(joinTokens(candidate.tokens), candidate.flags)) {
      return { tokens: candidate.tokens, flags: candidate.flags };
    }
  }
  return undefined;
}

/**
 * Whether V8's linear-time engine can run the pattern; false too for a source JavaScript rejects, and for every
 * pattern where the engine is not switched on (the `l` flag exists only with node/v8-regexp-flags.ts).
 */
function runsInLinearTime(source: string, flags: string): boolean {
  try {
    new RegExp(source, `${flags}l`);
    return true;
  } catch {
    return false;
  }
}

/** `$` without the m flag (also `\z` translated): inside a window that stops short of the text's end it cannot match. */
function isEndAnchor(token: RegexToken): boolean {
  return token.text === '$' && (token.kind === 'special' || token.kind === 'escape');
}

/** Matches nothing, and unlike `(?!)` keeps the pattern inside the linear-time engine. */
const NEVER: RegexToken = { kind: 'class', text: '[^\\s\\S]' };

function describeSyntaxError(error: unknown, source: string): string {
  const raw = error instanceof Error ? error.message : String(error);
  // V8: "Invalid regular expression: /(a/: Unterminated group" → "unterminated group".
  const detail = raw.slice(raw.lastIndexOf(': ') + 2);
  const reason = detail.charAt(0).toLowerCase() + detail.slice(1);
  return /\(\?[a-zA-Z-]+[):]/.test(source)
    ? `${reason} (inline flags such as (?i) are only understood at the very start of a pattern)`
    : reason;
}
