// How `ssg budget` shows the spending limits: the mode and warning threshold, any problem with budget.json, then
// one row per scope and window with the spend against each cap and when the window lets up.
import { renderTable } from '../../cli/table';
import {
  BUDGET_WINDOWS,
  type BudgetMode,
  type BudgetResponse,
  type CapSpend,
  type ScopeSpend,
  type WindowSpend,
} from '@ssg/contracts/budget';
import { formatResetTime, formatUsd } from '@ssg/contracts/wording';

const MODE_MEANING: Record<BudgetMode, string> = {
  off: 'caps are not enforced; spend is still counted',
  monitor: 'spend is tracked and shown; nothing is enforced',
  warn: 'the agent is warned when a cap is nearly used; nothing is blocked',
  enforce: 'a call is blocked when a cap is reached',
};

export function renderBudgetReport({ config, problem, snapshot }: BudgetResponse): string {
  const lines = [
    `Spending limits: mode ${config.mode} (${MODE_MEANING[config.mode]}); warn mode warns at ${Math.round(config.warnAtPct * 1000) / 10}% of a cap.`,
  ];
  if (problem !== null) lines.push(`PROBLEM: ${problem}`);
  const scopes: Array<[string, ScopeSpend]> = [['all clients', snapshot.global], ...Object.entries(snapshot.perClient)];
  const estimated = scopes.some(([, spend]) => BUDGET_WINDOWS.some((window) => spend[window].usd.unpricedUsd > 0));
  const headers = ['scope', 'window', 'calls', 'dollars', ...(estimated ? ['estimated'] : []), 'resets'];
  const rows = scopes.flatMap(([scope, spend]) =>
    BUDGET_WINDOWS.map((window, index) => {
      const { calls, usd } = spend[window];
      return [
        index === 0 ? scope : '',
        window,
        capText(calls, String),
        capText(usd, formatUsd),
        ...(estimated ? [usd.unpricedUsd > 0 ? formatUsd(usd.unpricedUsd) : ''] : []),
        resetText(window, spend[window], snapshot.at),
      ];
    }),
  );
  lines.push('', renderTable(headers, rows));
  const anyCap = scopes.some(([, spend]) =>
    BUDGET_WINDOWS.some((window) => spend[window].calls.cap !== null || spend[window].usd.cap !== null),
  );
  if (!anyCap) lines.push('', 'No caps are set. Set one with `ssg budget set dailyUsd 20` (see `ssg budget --help`).');
  if (estimated) {
    lines.push('', 'estimated: dollars for models the price table does not know; they count toward the caps.');
  }
  return `${lines.join('\n')}\n`;
}

/** `12`, or `12/100 (12%)` against a cap. */
function capText(spend: CapSpend, format: (value: number) => string): string {
  if (spend.cap === null || spend.percent === null) return format(spend.spent);
  return `${format(spend.spent)}/${format(spend.cap)} (${percentText(spend.percent)})`;
}

/** Rounded down, so a cap at 99.6% does not read as reached. */
const percentText = (percent: number): string => `${Math.floor(percent)}%`;

/** When the window's spend next goes down (for a rolling window, the sooner of its calls and its dollars). */
function resetText(window: string, spend: WindowSpend, now: number): string {
  if (window === 'session') return 'when the daemon restarts';
  const times = [spend.calls.resetsAt, spend.usd.resetsAt].filter((at): at is number => at !== null);
  return times.length === 0 ? '—' : formatResetTime(Math.min(...times), now);
}
