// The pseudo-rule that holds a call when a restrictive rule could not be decided: one of its regexes met a text
// longer than ssg matches exactly (regex.ts), and the rule would fire if the regex matched. Like a command too
// complex to analyse (`ssg_shell_unanalyzable`), a bound on ssg's work can delay a call, never wave it through.
import { NEVER, OVERRIDE_META } from './circuit-breaker';
import type { CompiledRule } from './compiler';
import type { EvalResult } from './types';

export const UNDECIDED_RULE_ID = 'ssg_rule_undecided';

/** Asks about the call on behalf of `rule`, the first restrictive rule that could not be decided. */
export function undecidedVerdict(rule: CompiledRule): Omit<EvalResult, 'durationMs'> {
  const result: Omit<EvalResult, 'durationMs'> = {
    decision: 'ask',
    ruleId: UNDECIDED_RULE_ID,
    message: `This call is too long for ssg to decide whether rule ${rule.node.id} applies (one of its patterns can match more than 256 characters, and the text is longer than ssg searches exactly); shorten it, split it into smaller calls, or run it yourself.`,
    prompt: `ssg could not check all of this call against rule ${rule.node.id}, so no rule can vouch for it. Allow it?`,
    matched: [],
  };
  if (rule.node.meta[OVERRIDE_META] === NEVER) result.neverOverride = true;
  return result;
}
