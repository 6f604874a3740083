// The circuit breaker (spec: "after 5 consecutive denies the circuit breaker allows the call") exists so that a
// misfiring rule cannot lock a user's agent in a loop of blocked calls. It must never become the way out: an
// agent that collects five denials would otherwise get its sixth call through, whatever it is. So it overrides
// only what a rule an ordinary user wrote may have got wrong, and never:
// - a verdict marked `neverOverride`: a rule with `# override: never` above it (every self-protection and Sleep
//   at Night rule, and the bundled rules against irreversible loss), a fail-closed block, a spending cap, an
//   evaluation that failed;
// - anything but a denial (block, force): asks go to a person, allows need no help.
// Where the count of denials lives (per session) is the hook's business; this says what an override is.
import type { EvalResult } from './types';

export const BREAKER_THRESHOLD = 5;

/** The rule metadata (`# override: never`) that puts a rule's denials beyond the breaker. */
export const OVERRIDE_META = 'override';
export const NEVER = 'never';

/** The verdict after the breaker, when it is due: the denial let through, still naming the rule it overrode. */
export function breakerOverride(result: EvalResult): EvalResult | undefined {
  if ((result.decision !== 'block' && result.decision !== 'force') || result.neverOverride) return undefined;
  const rule = result.ruleId ?? 'unnamed';
  const why = result.message ? ` (${result.message})` : '';
  return {
    decision: 'allow',
    ...(result.ruleId !== undefined ? { ruleId: result.ruleId } : {}),
    message:
      `ssg circuit breaker: let this call through after ${BREAKER_THRESHOLD} blocked calls in a row, ` +
      `overriding rule ${rule}${why}. Blocking resumes with the next call; check that rule if it misfires.`,
    matched: result.matched,
    durationMs: result.durationMs,
  };
}
