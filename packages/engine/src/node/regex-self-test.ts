// Whether the regex time bounds the engine relies on (regex.ts) hold in this process: V8's linear-time engine is
// there (the `l` flag compiles), and a pattern that backtracks exponentially finishes at once because V8 hands it to
// that engine after its backtrack limit. Both come from V8 flags (v8-regexp-flags.ts) that a Node or Electron
// release could rename or drop; a rule set would then still compile and evaluate, only without its bounds. The
// daemon runs this at start and `ssg doctor` reports it, so such a runtime is noticed before an agent finds it.
//
// The probe is a catastrophic pattern on a short text: about 2^30 steps by backtracking, microseconds otherwise.

/** Far above what the probe takes with the bounds in place, far below what it takes without them. */
const PROBE_BUDGET_MS = 250;
const PROBE_SOURCE = '^(a+)+$';
const PROBE_TEXT = `${'a'.repeat(30)}b`;

export type RegexBoundsProblem =
  | 'the linear-time regex engine is not available (the `l` flag does not compile)'
  | `an exponential pattern took ${number} ms: the backtrack limit does not hold`;

/** Undefined when the bounds hold; otherwise what does not. `RegExpImpl` is for tests. */
export function regexBoundsProblem(RegExpImpl: RegExpConstructor = RegExp): RegexBoundsProblem | undefined {
  try {
    new RegExpImpl('a', 'l');
  } catch {
    return 'the linear-time regex engine is not available (the `l` flag does not compile)';
  }
  const started = performance.now();
  new RegExpImpl(PROBE_SOURCE).test(PROBE_TEXT);
  const tookMs = Math.round(performance.now() - started);
  return tookMs > PROBE_BUDGET_MS
    ? `an exponential pattern took ${tookMs} ms: the backtrack limit does not hold`
    : undefined;
}
