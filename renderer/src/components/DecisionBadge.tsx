// A decision as a small labelled badge (the word is always shown; colour only supports it).
import type { Decision } from '@ssg/contracts/decision';

const LABELS: Record<Decision, string> = {
  allow: 'Allowed',
  block: 'Blocked',
  log: 'Logged',
  shadow: 'Shadow',
  ask: 'Ask',
  force: 'Forced',
};

export function DecisionBadge({ decision }: { decision: Decision }) {
  return <span className={`badge badge-${decision}`}>{LABELS[decision]}</span>;
}
