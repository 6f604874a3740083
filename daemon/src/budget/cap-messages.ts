// What the agent (and the person reading its transcript) is told when a cap blocks a call or is getting close:
// which cap, the spend against it, and when it lets up, in local time, e.g.
// "ssg spending limit: daily calls cap reached for claude-code (200/200 calls today); resets at 00:00 (in 3h 12m)".
import { formatResetTime, formatUsd } from '@ssg/contracts/wording';
import type { BudgetWindow } from '@ssg/contracts/budget';
import { type CapStanding, usedFraction } from './active-caps';

const WINDOW_PHRASE: Record<BudgetWindow, string> = {
  session: 'this session',
  hourly: 'in the last 60 minutes',
  daily: 'today',
  weekly: 'in the last 7 days',
  monthly: 'this month',
};

export function blockedMessage(standing: CapStanding, now: number): string {
  return `ssg spending limit: ${capName(standing)} reached${scopePhrase(standing)} (${spendPhrase(standing)}); ${resetPhrase(standing, now)}`;
}

export function warningMessage(standing: CapStanding, now: number): string {
  const percent = Math.floor(usedFraction(standing) * 100);
  return (
    `ssg spending limit: ${percent}% of the ${capName(standing)} used${scopePhrase(standing)} ` +
    `(${spendPhrase(standing)}); ${resetPhrase(standing, now)}. This call proceeds (warn mode).`
  );
}

const capName = ({ cap }: CapStanding): string => `${cap.window} ${cap.kind === 'usd' ? 'USD' : 'calls'} cap`;

const scopePhrase = ({ cap }: CapStanding): string => (cap.client === null ? ' for all clients' : ` for ${cap.client}`);

function spendPhrase({ cap, spent, unpricedUsd }: CapStanding): string {
  const window = WINDOW_PHRASE[cap.window];
  if (cap.kind === 'calls') return `${spent}/${cap.limit} calls ${window}`;
  const estimate = unpricedUsd > 0 ? `, ${formatUsd(unpricedUsd)} of it estimated for unpriced models` : '';
  return `${formatUsd(spent)}/${formatUsd(cap.limit)} ${window}${estimate}`;
}

function resetPhrase({ cap, resetsAt }: CapStanding, now: number): string {
  if (resetsAt !== null) return `resets at ${formatResetTime(resetsAt, now)}`;
  if (cap.window === 'session') return 'resets when the ssg daemon restarts';
  // A rolling window with nothing in it only blocks when its cap is 0: waiting will not help.
  const client = cap.client === null ? '' : ` --client ${cap.client}`;
  return `the cap is ${cap.limit}; raise it with \`ssg budget set ${cap.field} <value>${client}\``;
}
