// Static facts about a tokenized pattern that bound the cost of matching it (see regex.ts).
import type { RegexToken } from './regex-syntax';

/**
 * True when a repeated group can split the same text between its repetitions in many ways, which is what makes
 * backtracking exponential (or a high power of the text's length):
 * - repeated without bound (`*`, `+`, `{n,}`) around another variable quantifier: `(a+)+`, `(\w*\s?)*`, `(a|a?)+`;
 * - repeated more than once (`{2}`, `{2,30}`) around an unbounded quantifier: `(.*a){30}` is thirty nested loops;
 * - repeated more than once around alternatives of different or variable lengths: `(a|aa){25}`.
 * It is a heuristic (it also flags harmless `(\.\w+)*` and misses `(a|a)+`), used only for the patterns V8
 * cannot fall back to linear time on, and to keep the bundled rules clear of the shape.
 */
export function hasNestedRepetition(tokens: readonly RegexToken[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.kind !== 'open') continue;
    const close = matchingClose(tokens, i);
    const quantifier = tokens[close + 1];
    if (quantifier?.kind !== 'quantifier' || quantifier.max <= 1) continue;
    const body = tokens.slice(i + 1, close);
    const quantifiers = body.filter((token) => token.kind === 'quantifier');
    if (quantifier.max === Number.POSITIVE_INFINITY && quantifiers.some((inner) => inner.min !== inner.max))
      return true;
    if (quantifiers.some((inner) => inner.max === Number.POSITIVE_INFINITY)) return true;
    if (!alternativesOfOneLength(body)) return true;
  }
  return false;
}

/** Whether every top-level alternative of a group body matches texts of one and the same length. */
function alternativesOfOneLength(body: readonly RegexToken[]): boolean {
  const alternatives = topLevelAlternatives(body);
  if (alternatives.length === 1) return true;
  const lengths = new Set(alternatives.map((alternative) => fixedLength(alternative)));
  return lengths.size === 1 && !lengths.has(undefined);
}

/** The length every match of the tokens has, or undefined when it varies. */
function fixedLength(tokens: readonly RegexToken[]): number | undefined {
  const longest = longestMatch(tokens, 1);
  return longest === shortestMatch(tokens) ? longest : undefined;
}

/** The fewest characters a match can span (lookarounds count as nothing). */
function shortestMatch(tokens: readonly RegexToken[]): number {
  let shortest = Number.POSITIVE_INFINITY;
  let current = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let length: number;
    if (token.kind === 'alternation') {
      shortest = Math.min(shortest, current);
      current = 0;
      continue;
    } else if (token.kind === 'open') {
      const close = matchingClose(tokens, i);
      length = token.lookaround ? 0 : shortestMatch(tokens.slice(i + 1, close));
      i = close;
    } else if (token.kind === 'char' || token.kind === 'class') {
      length = 1;
    } else if (token.kind === 'special') {
      length = token.text === '.' ? 1 : 0;
    } else if (token.kind === 'escape') {
      length = /^\\[bB]$|^[\^$]$|^\\(?:[1-9]|k<)|^\(\?/.test(token.text) ? 0 : 1;
    } else {
      length = 0;
    }
    const next = tokens[i + 1];
    if (next?.kind === 'quantifier') {
      i++;
      length *= next.min;
    }
    current += length;
  }
  return Math.min(shortest, current);
}

/**
 * Runs of characters every match must contain, longest first: `curl`, `sh`, `|` for `curl.*\|.*sh`. None
 * when the pattern has top-level alternation or no literal outside groups and classes. A text lacking one
 * cannot match, which `indexOf` decides in microseconds even on a megabyte.
 */
export function requiredLiterals(tokens: readonly RegexToken[]): string[] {
  if (topLevelAlternation(tokens)) return [];
  const runs: string[] = [];
  let run = '';
  const endRun = (): void => {
    if (run !== '') runs.push(run);
    run = '';
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'open') {
      endRun();
      i = matchingClose(tokens, i);
      if (tokens[i + 1]?.kind === 'quantifier') i++;
      continue;
    }
    const next = tokens[i + 1];
    const quantifier = next?.kind === 'quantifier' ? next : undefined;
    if (quantifier) i++;
    if (token.kind !== 'char') {
      endRun();
      continue;
    }
    if (quantifier?.min === 0) {
      endRun();
      continue;
    }
    run += String.fromCharCode(token.code);
    // A repeated character is required once, but what follows it is not adjacent any more.
    if (quantifier) endRun();
  }
  endRun();
  return runs.sort((a, b) => b.length - a.length);
}

/**
 * When the pattern can only match where it starts (every top-level alternative begins with `^`; without the m flag
 * that is the start of the searched text): literal prefixes, one of which every match starts with —
 * `^(rm|git\s+push)\s|^shred` → `rm`, `git`, `shred`. A text that starts otherwise is rejected without running the
 * regex, which also spares compiling it: most of a regex's cost in a process that runs it a few times. Undefined
 * when not known: an alternative without `^`, or one whose first atom can be absent, is a class or an escape.
 * `caseless` (the i flag): the prefixes are in lower case, and stop before a non-ASCII character, whose case
 * folding is not one-to-one.
 */
export function leadingPrefixes(tokens: readonly RegexToken[], caseless: boolean): string[] | undefined {
  const prefixes: string[] = [];
  for (const [anchor, ...rest] of topLevelAlternatives(tokens)) {
    if (anchor?.text !== '^' || (anchor.kind !== 'special' && anchor.kind !== 'escape')) return undefined;
    const found = prefixesOf(rest, caseless);
    if (found === undefined) return undefined;
    prefixes.push(...found);
  }
  return [...new Set(prefixes)];
}

/** Literal prefixes, one of which every match of the token sequence starts with; undefined when unknown. */
function prefixesOf(tokens: readonly RegexToken[], caseless: boolean): string[] | undefined {
  const first = tokens[0];
  if (first?.kind === 'open' && isGroupOpener(first.text)) {
    const close = matchingClose(tokens, 0);
    const quantifier = tokens[close + 1];
    if (tokens[close]?.kind !== 'close' || (quantifier?.kind === 'quantifier' && quantifier.min === 0)) {
      return undefined;
    }
    const prefixes: string[] = [];
    for (const alternative of topLevelAlternatives(tokens.slice(1, close))) {
      const found = prefixesOf(alternative, caseless);
      if (found === undefined) return undefined;
      prefixes.push(...found);
    }
    return prefixes;
  }
  let run = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const quantifier = next?.kind === 'quantifier' ? next : undefined;
    if (token.kind !== 'char' || quantifier?.min === 0 || (caseless && token.code >= 128)) break;
    run += caseless ? String.fromCharCode(token.code).toLowerCase() : String.fromCharCode(token.code);
    // A repeated character is there once, but what follows it is not adjacent any more.
    if (quantifier) break;
  }
  return run === '' ? undefined : [run];
}

/** `(`, `(?:` or a named group's opener: a group that matches what its body matches (no lookaround, no flags). */
function isGroupOpener(text: string): boolean {
  return text === '(' || text === '(?:' || /^\(\?<[A-Za-z_$]/.test(text);
}

/** The token sequence split at its `|` outside groups. */
function topLevelAlternatives(tokens: readonly RegexToken[]): RegexToken[][] {
  const alternatives: RegexToken[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'open') depth++;
    else if (token.kind === 'close') depth--;
    if (token.kind === 'alternation' && depth === 0) alternatives.push([]);
    else alternatives[alternatives.length - 1]!.push(token);
  }
  return alternatives;
}

function topLevelAlternation(tokens: readonly RegexToken[]): boolean {
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'open') depth++;
    else if (token.kind === 'close') depth = Math.max(0, depth - 1);
    else if (token.kind === 'alternation' && depth === 0) return true;
  }
  return false;
}

/** Index of the `)` closing the group opened at `open` (the last index when it is never closed). */
function matchingClose(tokens: readonly RegexToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const kind = tokens[i]!.kind;
    if (kind === 'open') depth++;
    else if (kind === 'close' && --depth === 0) return i;
  }
  return tokens.length - 1;
}

/**
 * The most characters (UTF-16 code units) one match can span, lookarounds included as if they consumed what they
 * look at: what a window must hold for the match to be found in it. Infinity for unbounded quantifiers and
 * back-references. `unit`: code units per character (2 in unicode mode, where one character can be a pair).
 */
export function longestMatch(tokens: readonly RegexToken[], unit: number): number {
  let longest = 0;
  let current = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let length: number;
    if (token.kind === 'alternation') {
      longest = Math.max(longest, current);
      current = 0;
      continue;
    } else if (token.kind === 'open') {
      const close = matchingClose(tokens, i);
      length = longestMatch(tokens.slice(i + 1, close), unit);
      i = close;
    } else if (token.kind === 'char' || token.kind === 'class') {
      length = unit;
    } else if (token.kind === 'special') {
      length = token.text === '.' ? unit : 0;
    } else if (token.kind === 'escape') {
      length = escapeLength(token.text, unit);
    } else {
      // A quantifier with nothing to repeat, or a stray `)`: JavaScript rejects the pattern before this matters.
      length = 0;
    }
    const next = tokens[i + 1];
    if (next?.kind === 'quantifier') {
      i++;
      if (length > 0) length *= next.max;
    }
    current += length;
  }
  return Math.max(longest, current);
}

function escapeLength(text: string, unit: number): number {
  if (/^\\[1-9]|^\\k<|^\(\?P=/.test(text)) return Number.POSITIVE_INFINITY;
  // Assertions: translated `\A`, `\z`, `\Z` arrive as `^`, `$` or a lookaround in an escape token.
  if (/^\\[bB]$|^[\^$]$/.test(text)) return 0;
  if (text.startsWith('(?')) return unit * 2;
  return unit;
}

/**
 * A pattern matching the prefixes of what `tokens` can match: `^rm\s+x` → `(?:^(?:r(?:m(?:\s+(?:x)?)?)?)?)?`.
 * Followed by `$` and searched in a piece of text, it finds where a match attempt is still alive at the piece's
 * end: could go on to match in the text beyond. It over-approximates where that is safe and never the other way:
 * lookarounds and `\B` are left out (they could look past the piece's end). Groups become non-capturing (they
 * are repeated), so it is meant for patterns without back-references.
 */
export function prefixClosure(tokens: readonly RegexToken[]): RegexToken[] {
  const out: RegexToken[] = [];
  const alternatives = topLevelAlternatives(tokens);
  alternatives.forEach((alternative, index) => {
    if (index > 0) out.push(ALTERNATION);
    out.push(...sequencePrefixes(alternative));
  });
  return out;
}

const ALTERNATION: RegexToken = { kind: 'alternation', text: '|' };
const OPEN: RegexToken = { kind: 'open', text: '(?:', lookaround: false };
const CLOSE: RegexToken = { kind: 'close', text: ')' };
const OPTIONAL: RegexToken = { kind: 'quantifier', text: '?', min: 0, max: 1 };

/** Prefixes of a sequence without top-level `|`: each item whole followed by the rest's prefixes, or its own. */
function sequencePrefixes(tokens: readonly RegexToken[]): RegexToken[] {
  const items: RegexToken[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const end = tokens[i]!.kind === 'open' ? matchingClose(tokens, i) : i;
    const quantified = tokens[end + 1]?.kind === 'quantifier' ? end + 1 : end;
    items.push(tokens.slice(i, quantified + 1));
    i = quantified;
  }
  let rest: RegexToken[] = [];
  for (const item of items.reverse()) {
    const own = itemPrefixes(item);
    rest =
      own.length === 0
        ? [OPEN, ...whole(item), ...rest, CLOSE, OPTIONAL]
        : [OPEN, ...whole(item), ...rest, ALTERNATION, ...own, CLOSE];
  }
  return rest;
}

/** Proper prefixes of one item the sequence does not already cover; empty when only the empty prefix. */
function itemPrefixes(item: readonly RegexToken[]): RegexToken[] {
  const [atom] = item;
  const last = item[item.length - 1]!;
  const quantifier = last.kind === 'quantifier' ? last : undefined;
  if (atom?.kind !== 'open') {
    // One character: its only proper prefix is empty; `x{3,}` also has `x`, `xx`.
    if (!quantifier || quantifier.min <= 1) return [];
    return [atom!, { kind: 'quantifier', text: `{0,${quantifier.min - 1}}`, min: 0, max: quantifier.min - 1 }];
  }
  if (atom.lookaround) return [];
  const body = item.slice(1, quantifier ? -2 : -1);
  const inner = [OPEN, ...prefixClosure(body), CLOSE];
  if (!quantifier || quantifier.max <= 1) return inner;
  // Some whole repetitions, then part of one more.
  const repeat: RegexToken =
    quantifier.max === Number.POSITIVE_INFINITY
      ? { kind: 'quantifier', text: '*', min: 0, max: quantifier.max }
      : { kind: 'quantifier', text: `{0,${quantifier.max - 1}}`, min: 0, max: quantifier.max - 1 };
  return [OPEN, ...whole(body), CLOSE, repeat, ...inner];
}

/** The item as it is, groups made non-capturing (it is repeated, and a name may occur once), lookarounds and `\B` left out. */
function whole(item: readonly RegexToken[]): RegexToken[] {
  const out: RegexToken[] = [];
  for (let i = 0; i < item.length; i++) {
    const token = item[i]!;
    if (token.kind === 'open' && token.lookaround) {
      i = matchingClose(item, i);
      if (item[i + 1]?.kind === 'quantifier') i++;
    } else if (token.kind === 'escape' && (token.text === '\\B' || token.text.startsWith('(?'))) {
      if (item[i + 1]?.kind === 'quantifier') i++;
    } else {
      out.push(token.kind === 'open' ? OPEN : token);
    }
  }
  return out;
}
