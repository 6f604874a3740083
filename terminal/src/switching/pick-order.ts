// The spec's pick order, used for failover, for `auto` and for new panes: (1) accounts whose 5-hour window is
// running with at least 25% left, soonest reset first — a window that resets soon is worth spending before it
// is lost; (2) accounts with no running window — opening one starts a fresh 5 hours; (3) all others, most usage
// left first. The default account wins a tie. Limited accounts and the account being left are not candidates.
import { type AccountStanding, isLimited, isWindowRunning } from './account-standing';

const ROOMY_PERCENT_LEFT = 25;

export interface PickOptions {
  /** The account a pane is leaving: never picked, even if its limit is not known yet. */
  leaving?: string;
}

function group(account: AccountStanding, now: number): 1 | 2 | 3 {
  const window = account.usage?.fiveHour;
  if (!isWindowRunning(window, now)) return 2;
  return 100 - window!.usedPercent >= ROOMY_PERCENT_LEFT ? 1 : 3;
}

/** The candidates in the order they should be picked. */
export function pickOrder<T extends AccountStanding>(
  accounts: readonly T[],
  now: number,
  options: PickOptions = {},
): T[] {
  const ranked = accounts
    .filter((account) => account.id !== options.leaving && !isLimited(account, now))
    .map((account) => ({ account, group: group(account, now), window: account.usage?.fiveHour }));
  return ranked
    .sort(
      (a, b) =>
        a.group - b.group ||
        (a.group === 1 ? a.window!.resetsAt! - b.window!.resetsAt! : 0) ||
        (a.group === 3 ? a.window!.usedPercent - b.window!.usedPercent : 0) ||
        Number(b.account.isDefault) - Number(a.account.isDefault),
    )
    .map(({ account }) => account);
}

export function pickNextAccount<T extends AccountStanding>(
  accounts: readonly T[],
  now: number,
  options: PickOptions = {},
): T | undefined {
  return pickOrder(accounts, now, options)[0];
}
