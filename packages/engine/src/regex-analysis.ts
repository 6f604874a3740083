// Static facts about a tokenized pattern that bound the cost of matching it (see regex.ts).
import type { RegexToken } from './regex-syntax';

/**
 * True when a group repeated without bound (`*`, `+`, `{n,}`) contains another variable quantifier:
 * `(a+)+`, `(\w*\s?)*`, `(a|a?)+`. That shape is what makes backtracking exponential. It is a heuristic
 * (it also flags harmless `(\.\w+)*` and misses `(a|a)+`), used only for the patterns V8 cannot fall back
 * to linear time on.
 */
export function hasNestedUnboundedQuantifier(tokens: readonly RegexToken[]): boolean {
  // One entry per open group: whether its body so far holds a variable quantifier.
  const stack: boolean[] = [false];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'open') {
      stack.push(false);
    } else if (token.kind === 'close') {
      const bodyQuantified = stack.length > 1 ? stack.pop()! : false;
      const next = tokens[i + 1];
      const quantifier = next?.kind === 'quantifier' ? next : undefined;
      if (quantifier) i++;
      if (quantifier && quantifier.max === Number.POSITIVE_INFINITY && bodyQuantified) return true;
      const variable = quantifier !== undefined && quantifier.min !== quantifier.max;
      stack[stack.length - 1] ||= bodyQuantified || variable;
    } else if (token.kind === 'quantifier' && token.min !== token.max) {
      stack[stack.length - 1] = true;
    }
  }
  return false;
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
