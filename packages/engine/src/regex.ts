// Rule regexes: compiled once, matched with bounded work. A hook must answer within its budget even when an
// agent sends a megabyte of content or a rule holds a pathological pattern, and a JavaScript regex cannot be
// interrupted once it runs, so the bound has to come from what we let it run on. Three mechanisms:
//
// 1. V8's linear-time engine. With the flag node/v8-regexp-flags.ts sets, V8 abandons backtracking after 50,000 backtracks and
//    finishes the match with an automaton, which kills exponential blow-ups like `(a+)+$`. It only covers
//    patterns that engine can run (no lookaround, no back-references, no `i`/`u` flag, counts up to 16);
//    regex-form.ts asks V8 which patterns those are, and rewrites `(?i)` patterns and large counts to get
//    inside (regex-dialect). Patterns outside it that contain a nested unbounded quantifier are refused as
//    `unsafe-regex`.
// 2. Windows. The fallback does not help with polynomial blow-ups, which come from the search restarting at
//    every position (`\s+x` on a megabyte of spaces is quadratic), so long texts are searched in windows of
//    2 KiB that overlap by 256 characters: the work is linear in the text, and every match up to 256
//    characters long is still found. Texts up to 2 KiB are searched whole, exactly. At window edges: each
//    window gets 32 characters of left context, so `^`, `\b` and lookbehind are right at its start; `$`
//    (without the m flag) only matches at the text's real end; but `\b`, lookahead and `$` with the m flag
//    may take a window's end for a word or line end (a match too many, never one too few).
//    A match longer than the overlap could straddle two windows, so when no window matches and the pattern can
//    match more than 256 characters, a text up to 64 KiB is searched again, whole and exactly, by V8's
//    linear-time engine. A longer one (or one the pattern keeps out of that engine) is checked at each window's
//    end for a match attempt still alive there that started in the window (prefixClosure): none means nothing
//    straddled. Otherwise the search answers undecided, never "no match", and the evaluator holds the call for a
//    person rather than let padding push an attack out of sight. Patterns with lookaround or back-references
//    cannot be checked that way: on a long text they answer undecided unless a window matches.
// 3. Required literals. When every match must contain some literal (`password` in `.*password\s*=`), a text
//    without it is rejected by `indexOf`, and only windows and lines holding the longest one are searched.
//    Likewise a pattern that only matches at the start (`^(rm|git\s+push)\s`) rejects a text (a line, for
//    testLines) that starts with none of its leading prefixes — `rm`, `git` — without running, or compiling,
//    the regex.
import { describePrefixes, describeRegex, isCurrentForm, type RegexForm, type RegexForms } from './regex-form';

/** Thrown inside a search that replaced a damaged form, to run it again (see BoundedRegex.retrying). */
const FORM_REPLACED = Symbol('form replaced');

const WINDOW = 2048;
const OVERLAP = 256;
const CONTEXT = 32;
const STEP = WINDOW - OVERLAP;
/** The longest text the linear-time engine searches whole beyond the windows: its worst case, about 80 ms. */
const EXACT = 65_536;

/** Whether a search matched; undefined when its bounds kept it from deciding (see `Windows` above). */
export type SearchResult = boolean | undefined;

export type RegexCompileResult =
  { ok: true; regex: BoundedRegex } | { ok: false; code: 'invalid-regex' | 'unsafe-regex'; reason: string };

export function compileRegex(pattern: string): RegexCompileResult {
  return fromForm(describeRegex(pattern), pattern);
}

/**
 * Compiles patterns, reusing forms worked out earlier (see regex-form.ts) when they are current and working out the
 * rest. Either way it records the form each pattern was compiled from, for the caller to keep.
 */
export class RegexCompiler {
  /** The form of every pattern compiled so far, by pattern. */
  readonly forms: RegexForms = Object.create(null);

  constructor(private readonly known: RegexForms = {}) {}

  compile = (pattern: string): RegexCompileResult => {
    const known: unknown = Object.hasOwn(this.known, pattern) ? this.known[pattern] : undefined;
    const form = isCurrentForm(known) ? known : describeRegex(pattern);
    this.forms[pattern] = form;
    return fromForm(form, pattern);
  };
}

function fromForm(form: RegexForm, pattern: string): RegexCompileResult {
  return form.ok
    ? { ok: true, regex: new BoundedRegex(form, pattern) }
    : { ok: false, code: form.code, reason: form.reason };
}

type UsableForm = Extract<RegexForm, { ok: true }>;

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
  // Built on first use: a hook process meets each rule regex once and most never run (their leading prefixes or
  // literals rule the text out first), and building a RegExp costs V8 a parse of the pattern. Both regexes have
  // the `g` flag, as a search starts at `lastIndex` (which is how a window gets left context).
  /** For a window that reaches the end of the searched text. */
  private whole: RegExp | undefined;
  /** For a window that stops short of it: `$` cannot match there. */
  private inner: RegExp | undefined;
  /** Literals every match contains, longest first. */
  private literals: LiteralFinder[] | undefined;
  /** The leading prefixes by their first character's code. */
  private leadingByFirst: Map<number, string[]> | undefined;
  /** The linear-time engine's search beyond the windows; null when that engine refuses the source. */
  private linear: RegExp | null | undefined;
  /** Finds match attempts alive at a piece's end (see describePrefixes); null when that cannot be told. */
  private alive: RegExp | null | undefined;

  constructor(
    private form: UsableForm,
    /** The pattern as the rule spells it, to work out again should the form turn out damaged. */
    private readonly pattern: string,
  ) {}

  /**
   * The texts one of which every match starts with, when the pattern only matches at the start of a text and
   * minds case; undefined otherwise. A text starting with none of them never matches.
   */
  get leadingPrefixes(): readonly string[] | undefined {
    return this.form.literalFlags.includes('i') ? undefined : this.form.leading;
  }

  /** Unanchored search in the whole text. */
  test(text: string): SearchResult {
    return this.retrying(this.searchText, text);
  }

  /**
   * True when a single line matches on its own. Lines end at `\n` (a `\r` before it is not part of the line);
   * a final `\n` ends the last line rather than starting an empty one.
   */
  testLines(text: string): SearchResult {
    return this.retrying(this.searchLines, text);
  }

  private searchText(text: string): SearchResult {
    if (!this.canStart(text, 0, text.length)) return false;
    const anchor = this.anchorIn(text);
    return anchor !== null && this.testRange(text, 0, text.length, anchor);
  }

  /** Some line matches; else undecided when some line could not be decided. */
  private searchLines(text: string): SearchResult {
    const anchor = this.anchorIn(text);
    if (anchor === null) return false;
    let undecided = false;
    if (anchor) {
      if (anchor.text.includes('\n')) return false;
      for (let at = anchor.find(text, 0); at >= 0;) {
        const start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
        const end = lineEnd(text, at);
        const found = this.testLine(text, start, end, anchor);
        if (found) return true;
        undecided ||= found === undefined;
        at = anchor.find(text, end + 1);
      }
      return undecided ? undefined : false;
    }
    for (let start = 0; ;) {
      const end = lineEnd(text, start);
      const found = this.testLine(text, start, end, undefined);
      if (found) return true;
      undecided ||= found === undefined;
      start = end + 1;
      if (start >= text.length) return undecided ? undefined : false;
    }
  }

  private testLine(text: string, start: number, end: number, anchor: LiteralFinder | undefined): SearchResult {
    const to = withoutCarriageReturn(text, start, end);
    return this.canStart(text, start, to) && this.testRange(text, start, to, anchor);
  }

  /** False when the pattern can only match at `from` and text[from, to) starts with none of its leading prefixes. */
  private canStart(text: string, from: number, to: number): boolean {
    const { leading, literalFlags } = this.form;
    if (leading === undefined) return true;
    // Every rule regex meets every view of every call, and most are ruled out by their first character: look up
    // the prefixes that start with it instead of trying each (a pattern's alternatives can make dozens).
    this.leadingByFirst ??= byFirstCharacter(leading);
    const caseless = literalFlags.includes('i');
    let first = text.charCodeAt(from);
    // Caseless prefixes are ASCII and lower case. Outside unicode mode (patterns with `u` have no prefixes) a
    // character from 128 up never matches an ASCII one caselessly, so lower-casing A–Z is all it takes.
    if (caseless && first >= 65 && first <= 90) first += 32;
    const candidates = this.leadingByFirst.get(first);
    if (candidates === undefined) return false;
    for (const prefix of candidates) {
      if (from + prefix.length > to) continue;
      if (caseless ? text.slice(from, from + prefix.length).toLowerCase() === prefix : text.startsWith(prefix, from)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Runs a search again, from the start, when it found the form damaged (a stored source V8 rejects) and replaced
   * it with the pattern worked out afresh.
   */
  private retrying(search: (this: BoundedRegex, text: string) => SearchResult, text: string): SearchResult {
    try {
      return search.call(this, text);
    } catch (error) {
      if (error !== FORM_REPLACED) throw error;
      return search.call(this, text);
    }
  }

  private regex(source: string): RegExp {
    try {
      return new RegExp(source, `${this.form.flags}g`);
    } catch {
      // Should the pattern turn out refused after all, the throw reaches the compiler's guard around every
      // regex test, which fails secure.
      const fresh = describeRegex(this.pattern);
      if (!fresh.ok) throw new Error(fresh.reason);
      this.form = fresh;
      this.whole = this.inner = this.literals = this.leadingByFirst = undefined;
      this.linear = this.alive = undefined;
      throw FORM_REPLACED;
    }
  }

  /**
   * The literal to key windows and lines on: the rarest in this text, so a run of `a` does not make every
   * window of `a{32,}b` worth searching. Null when some literal is missing (no match is possible).
   */
  private anchorIn(text: string): LiteralFinder | undefined | null {
    let rarest: LiteralFinder | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    this.literals ??= this.form.literals.map((literal) => literalFinder(literal, this.form.literalFlags));
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

  /**
   * Search in text[from, to): window by window when it is long, only in windows that hold the anchor; then, when
   * a match could have straddled two windows, beyond them.
   */
  private testRange(text: string, from: number, to: number, anchor: LiteralFinder | undefined): SearchResult {
    if (this.windowsMatch(text, from, to, anchor)) return true;
    if (to - from <= WINDOW || (this.form.reach ?? Number.POSITIVE_INFINITY) <= OVERLAP) return false;
    return this.searchBeyondWindows(text, from, to);
  }

  /** For a pattern whose match can be longer than the overlap, after no window matched (see the header). */
  private searchBeyondWindows(text: string, from: number, to: number): SearchResult {
    if (this.form.linear && to - from <= EXACT) {
      this.linear ??= regexOrNull(this.form.source, `${this.form.flags}l`);
      if (this.linear) return this.linear.test(text.slice(from, to));
    }
    return this.mayStraddle(text, from, to) ? undefined : false;
  }

  /** Whether, at some window's end short of `to`, a match attempt that started in that window is still alive. */
  private mayStraddle(text: string, from: number, to: number): boolean {
    if (this.alive === undefined) {
      const prefixes = describePrefixes(this.pattern);
      this.alive = prefixes ? regexOrNull(prefixes.source, `${prefixes.flags}g`) : null;
    }
    const alive = this.alive;
    if (alive === null) return true;
    for (let start = from; start + WINDOW < to; start += STEP) {
      const sliceStart = Math.max(from, start - CONTEXT);
      alive.lastIndex = start - sliceStart;
      const found = alive.exec(text.slice(sliceStart, start + WINDOW));
      // Attempts that started later belong to the next window, which checks them at its own end.
      if (found && sliceStart + found.index < start + STEP) return true;
    }
    return false;
  }

  /** Whether some window of text[from, to) matches (a text up to WINDOW long is one window). */
  private windowsMatch(text: string, from: number, to: number, anchor: LiteralFinder | undefined): boolean {
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
      if (this.searchWindow(text, from, start, end, end === to ? this.wholeRegex() : this.innerRegex())) return true;
      if (end >= to) return false;
    }
  }

  private wholeRegex(): RegExp {
    this.whole ??= this.regex(this.form.source);
    return this.whole;
  }

  private innerRegex(): RegExp {
    this.inner ??= this.form.inner === undefined ? this.wholeRegex() : this.regex(this.form.inner);
    return this.inner;
  }

  private searchWindow(text: string, from: number, start: number, end: number, regex: RegExp): boolean {
    const sliceStart = Math.max(from, start - CONTEXT);
    const piece = sliceStart === 0 && end === text.length ? text : text.slice(sliceStart, end);
    regex.lastIndex = start - sliceStart;
    return regex.test(piece);
  }
}

/** The regex, or null when V8 refuses it (the `l` flag, for one, exists only with node/v8-regexp-flags.ts). */
function regexOrNull(source: string, flags: string): RegExp | null {
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
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

export function byFirstCharacter(prefixes: readonly string[]): Map<number, string[]> {
  const byFirst = new Map<number, string[]>();
  for (const prefix of prefixes) {
    const first = prefix.charCodeAt(0);
    const list = byFirst.get(first);
    if (list) list.push(prefix);
    else byFirst.set(first, [prefix]);
  }
  return byFirst;
}
