// The sentences hosts show to the agent (or the user) when ssg stops or questions a call.
import type { EvalResult } from '@ssg/engine';

/** For block and force: which rule blocked, why, and for force what to run instead. */
export function denialReason(result: EvalResult): string {
  const instead = result.decision === 'force' && result.substitute ? ` Run this instead: ${result.substitute}` : '';
  return `ssg blocked this (rule ${ruleOf(result)})${suffix(result.message)}${instead}`;
}

/** For ask: the rule's question, else its message. */
export function questionReason(result: EvalResult): string {
  return `ssg asks (rule ${ruleOf(result)})${suffix(result.prompt ?? result.message)}`;
}

const ruleOf = (result: EvalResult): string => result.ruleId ?? 'unnamed';
const suffix = (text: string | undefined): string => (text ? `: ${text}` : '');
