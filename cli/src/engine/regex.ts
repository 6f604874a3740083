// Rule regexes: compiled once, matched with bounded work. A hook must answer within its budget even when an
// agent sends a megabyte of content or a rule holds a pathological pattern, and a JavaScript regex cannot be
// interrupted once it runs, so the bound has to come from what we let it run on. Three mechanisms:
//
// 1. V8's linear-time engine. With the flag below, V8 abandons backtracking after 50,000 backtracks and
//    finishes the match with an automaton, which kills exponential blow-ups like `(a+)+$`. It only covers
//    patterns that engine can run (no lookaround, no back-references, no `i`/`u` flag, counts up to 16);
//    `--enable-experimental-regexp-engine` lets us ask V8 which patterns those are (the `l` flag compiles
//    exactly them), and `(?i)` patterns and large counts are rewritten to get inside (regex-dialect).
//    Patterns outside it that contain a nested unbounded quantifier are refused as `unsafe-regex`.
// 2. Windows. The fallback does not help with polynomial blow-ups, which come from the search restarting at
//    every position (`\s+x` on a megabyte of spaces is quadratic), so long texts are searched in windows of
//    2 KiB that overlap by 256 characters: the work is linear in the text, and every match up to 256
//    characters long is still found. Texts up to 2 KiB are searched whole, exactly. At window edges: each
//    window gets 32 characters of left context, so `^`, `\b` and lookbehind are right at its start; `$`
//    (without the m flag) only matches at the text's real end; but `\b`, lookahead and `$` with the m flag
//    may take a window's end for a word or line end (a match too many, never one too few), and matches
//    longer than 256 characters that straddle two windows are missed.
// 3. Required literals. When every match must contain some literal (`password` in `.*password\s*=`), a text
//    without it is rejected by `indexOf`, and only windows and lines holding the longest one are searched.
import { setFlagsFromString } from 'node:v8';
import { hasNestedUnboundedQuantifier, requiredLiterals } from './regex-analysis';
import { foldCase, splitLargeCounts, translateRegex } from './regex-dialect';
import { joinTokens, type RegexToken } from './regex-syntax';

setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
setFlagsFromString('--enable-experimental-regexp-engine');

const WINDOW = 2048;
const OVERLAP = 256;
const CONTEXT = 32;
const STEP = WINDOW - OVERLAP;

export type RegexCompileResult =
  | { ok: true; regex: BoundedRegex }
  | { ok: false; code: 'invalid-regex' | 'unsafe-regex'; reason: string };

export function compileRegex(pattern: string): RegexCompileResult {
  const translated = translateRegex(pattern);
  if (translated.problem !== undefined) return { ok: false, code: 'invalid-regex', reason: translated.problem };
  const source = joinTokens(translated.tokens);
  let regex: RegExp;
  try {
    regex = new RegExp(source, `${translated.flags}g`);
  } catch (error) {
    return { ok: false, code: 'invalid-regex', reason: describeSyntaxError(error, source) };
  }
  const native = runsInLinearTime(regex);
  const rewritten = native ? undefined : linearForm(translated.tokens, translated.flags);
  if (!native && !rewritten && hasNestedUnboundedQuantifier(translated.tokens)) {
    return {
      ok: false,
      code: 'unsafe-regex',
      reason:
        'a repeated group contains another quantifier (like `(a+)+`), which can take exponential time; ' +
        'ssg accepts that shape only in patterns without lookaround, back-references or \\p{…}',
    };
  }
  const { tokens, flags } = rewritten ?? translated;
  const whole = rewritten ? new RegExp(joinTokens(tokens), `${flags}g`) : regex;
  const inner =
    flags.includes('m') || !tokens.some(isEndAnchor)
      ? whole
      : new RegExp(joinTokens(tokens.map((token) => (isEndAnchor(token) ? NEVER : token))), `${flags}g`);
  const literals = requiredLiterals(translated.tokens).map((literal) => literalFinder(literal, translated.flags));
  return { ok: true, regex: new BoundedRegex(whole, inner, literals) };
}

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
    if (!candidate.tokens) continue;
    try {
      if (runsInLinearTime(new RegExp(joinTokens(candidate.tokens), `${candidate.flags}g`))) {
        return { tokens: candidate.tokens, flags: candidate.flags };
      }
    } catch {
      // A rewrite JavaScript rejects is no candidate.
    }
  }
  return undefined;
}

/** `$` without the m flag (also `\z` translated): inside a window that stops short of the text's end it cannot match. */
function isEndAnchor(token: RegexToken): boolean {
  return token.text === '$' && (token.kind === 'special' || token.kind === 'escape');
}

/** Matches nothing, and unlike `(?!)` keeps the pattern inside the linear-time engine. */
const NEVER: RegexToken = { kind: 'class', text: '[^\\s\\S]' };

/** Whether V8's linear-time engine can run the regex (it compiles the `l` flag for exactly those). */
function runsInLinearTime(regex: RegExp): boolean {
  try {
    new RegExp(regex.source, `${regex.flags}l`);
    return true;
  } catch {
    return false;
  }
}

function describeSyntaxError(error: unknown, source: string): string {
  const raw = error instanceof Error ? error.message : String(error);
  // V8: "Invalid regular expression: /(a/g: Unterminated group" → "unterminated group".
  const detail = raw.slice(raw.lastIndexOf(': ') + 2);
  const reason = detail.charAt(0).toLowerCase() + detail.slice(1);
  return /\(\?[a-zA-Z-]+[):]/.test(source)
    ? `${reason} (inline flags such as (?i) are only understood at the very start of a pattern)`
    : reason;
}

interface LiteralFinder {
  readonly text: string;
  /** Index of the first occurrence at or after `from`, or -1. */
  find(text: string, from: number): number;
}

function literalFinder(literal: string, flags: string): LiteralFinder {
  // Windows skip ahead to occurrences, which only works when an occurrence fits in the overlap.
  const text = literal.slice(0, OVERLAP);
  if (!flags.includes('i')) return { text, find: (haystack, from) => haystack.indexOf(text, from) };
  const search = new RegExp(text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), flags.includes('u') ? 'giu' : 'gi');
  return {
    text,
    find(haystack, from) {
      search.lastIndex = from;
      return search.exec(haystack)?.index ?? -1;
    },
  };
}

export class BoundedRegex {
  // Both regexes have the `g` flag: a search starts at `lastIndex`, which is how a window gets left context.
  constructor(
    /** For a window that reaches the end of the searched text. */
    private readonly whole: RegExp,
    /** For a window that stops short of it: `$` cannot match there. */
    private readonly inner: RegExp,
    /** Literals every match contains, longest first. */
    private readonly literals: readonly LiteralFinder[],
  ) {}

  /** Unanchored search in the whole text. */
  test(text: string): boolean {
    const anchor = this.anchorIn(text);
    return anchor !== null && this.testRange(text, 0, text.length, anchor);
  }

  /**
   * True when a single line matches on its own. Lines end at `\n` (a `\r` before it is not part of the line);
   * a final `\n` ends the last line rather than starting an empty one.
   */
  testLines(text: string): boolean {
    const anchor = this.anchorIn(text);
    if (anchor === null) return false;
    if (anchor) {
      if (anchor.text.includes('\n')) return false;
      for (let at = anchor.find(text, 0); at >= 0; ) {
        const start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
        const end = lineEnd(text, at);
        if (this.testRange(text, start, withoutCarriageReturn(text, start, end), anchor)) return true;
        at = anchor.find(text, end + 1);
      }
      return false;
    }
    for (let start = 0; ; ) {
      const end = lineEnd(text, start);
      if (this.testRange(text, start, withoutCarriageReturn(text, start, end), undefined)) return true;
      start = end + 1;
      if (start >= text.length) return false;
    }
  }

  /**
   * The literal to key windows and lines on: the rarest in this text, so a run of `a` does not make every
   * window of `a{32,}b` worth searching. Null when some literal is missing (no match is possible).
   */
  private anchorIn(text: string): LiteralFinder | undefined | null {
    let rarest: LiteralFinder | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const literal of this.literals) {
      const count = countUpTo(literal, text, fewest);
      if (count === 0) return null;
      if (count < fewest) {
        rarest = literal;
        fewest = count;
      }
    }
    return rarest;
  }

  /** Search in text[from, to), window by window when it is long, only in windows that hold the anchor. */
  private testRange(text: string, from: number, to: number, anchor: LiteralFinder | undefined): boolean {
    for (let start = from; ; start += STEP) {
      let end = Math.min(start + WINDOW, to);
      if (anchor) {
        const at = anchor.find(text, start);
        const atEnd = at + anchor.text.length;
        if (at < 0 || atEnd > to) return false;
        if (atEnd > end) {
          // Jump to the first window that holds this occurrence whole; the ones before cannot match.
          start = from + Math.ceil((atEnd - from - WINDOW) / STEP) * STEP;
          end = Math.min(start + WINDOW, to);
        }
      }
      if (this.searchWindow(text, from, start, end, end === to ? this.whole : this.inner)) return true;
      if (end >= to) return false;
    }
  }

  private searchWindow(text: string, from: number, start: number, end: number, regex: RegExp): boolean {
    const sliceStart = Math.max(from, start - CONTEXT);
    const piece = sliceStart === 0 && end === text.length ? text : text.slice(sliceStart, end);
    regex.lastIndex = start - sliceStart;
    return regex.test(piece);
  }
}

/** Occurrences of the literal in the text, counting no further than `limit` (nor than 64: enough to rank). */
function countUpTo(literal: LiteralFinder, text: string, limit: number): number {
  const cap = Math.min(limit, 64);
  let count = 0;
  for (let at = literal.find(text, 0); at >= 0 && count < cap; at = literal.find(text, at + 1)) count++;
  return count;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

function withoutCarriageReturn(text: string, start: number, end: number): number {
  return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}
