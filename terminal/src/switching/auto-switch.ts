// The spec's auto-switch state table as a pure reducer. Per account: available, or limited until a time. On a usage
// limit in a pane with auto-switch on, the pane's account is marked limited and the pane's conversation moves to
// the next account in the pick order: the pty host exits the agent and resumes the same session in the same
// folder on that account with the continue prompt. With no account left the pane stays as it is and the banner
// shows the earliest reset. The user can also move a pane by clicking a chip and confirming. The reducer does no
// I/O and reads no clock; the pty host carries out its actions and reports `switch-done` when the pane has been
// resumed (or the resume failed), which ends the switch.
import { type AccountStanding, availableAt, isLimited } from './account-standing';
import { type AutoSwitchSettings } from './auto-switch-settings';
import { pickNextAccount } from './pick-order';

/** Used when neither the limit signal nor the usage reading says when the limit lifts: a whole 5-hour window. */
export const FALLBACK_LIMIT_MS = 5 * 3600_000;

/** The conversation a pane runs. */
export interface PaneConversation {
  paneId: string;
  accountId: string;
  /** Claude Code's session id, for `--resume`. */
  sessionId: string;
  /** The folder the session was started in: `--resume` only finds a session from there. */
  cwd: string;
}

export interface AutoSwitchState {
  /** Account id → epoch ms until which the agent's own limit signal says the account is limited. */
  readonly limitedUntil: Readonly<Record<string, number>>;
  /** Pane id → the switch it is in the middle of. */
  readonly switching: Readonly<Record<string, { toAccountId: string; since: number }>>;
}

export const INITIAL_AUTO_SWITCH_STATE: AutoSwitchState = { limitedUntil: {}, switching: {} };

export type AutoSwitchEvent =
  /** A usage limit was detected in the pane (see limit-signal.ts); `resetsAt` is the signal's. */
  | { type: 'usage-limit'; pane: PaneConversation; resetsAt?: number }
  /** The user clicked an account's chip for the focused pane and confirmed. */
  | { type: 'manual-switch'; pane: PaneConversation; toAccountId: string }
  /** The pty host finished a switch (the agent resumed, or the resume failed). */
  | { type: 'switch-done'; paneId: string };

export type AutoSwitchAction =
  /** Exit the pane's agent cleanly: Esc (the limit dialog), `/exit`, kill after a timeout. */
  | { type: 'exit-agent'; paneId: string }
  /** Then run `claude --resume <sessionId> [prompt]` in `cwd` with the account's config folder. */
  | { type: 'resume'; paneId: string; accountId: string; sessionId: string; cwd: string; prompt?: string }
  /** Auto-switch off: tell the user the account is limited. */
  | { type: 'account-limited'; paneId: string; accountId: string; until: number }
  /** Every account is limited: show the banner with the earliest reset (undefined when no limit names one). */
  | { type: 'all-limited'; earliestReset?: number };

export interface AutoSwitchContext {
  now: number;
  /** Every account with its latest usage reading. */
  accounts: readonly AccountStanding[];
  settings: AutoSwitchSettings;
}

export interface AutoSwitchResult {
  state: AutoSwitchState;
  actions: AutoSwitchAction[];
}

/** The accounts with the limits this state holds: what the pick order, the chips and the banner go by. */
export function accountStandings<T extends AccountStanding>(
  state: AutoSwitchState,
  accounts: readonly T[],
  now: number,
): T[] {
  return accounts.map((account) => {
    const marked = state.limitedUntil[account.id];
    if (marked === undefined || marked <= now) return account;
    return { ...account, limitedUntil: Math.max(marked, account.limitedUntil ?? 0) };
  });
}

export function allLimited(state: AutoSwitchState, accounts: readonly AccountStanding[], now: number): boolean {
  const standings = accountStandings(state, accounts, now);
  return standings.length > 0 && standings.every((account) => isLimited(account, now));
}

/** When the first account becomes available again; undefined when no limit names its end. */
export function earliestReset(
  state: AutoSwitchState,
  accounts: readonly AccountStanding[],
  now: number,
): number | undefined {
  const times = accountStandings(state, accounts, now)
    .map((account) => availableAt(account, now))
    .filter((time): time is number => time !== undefined);
  return times.length === 0 ? undefined : Math.min(...times);
}

function limitEnd(event: { resetsAt?: number }, account: AccountStanding | undefined, now: number): number {
  if (event.resetsAt !== undefined && event.resetsAt > now) return event.resetsAt;
  const windowReset = account?.usage?.fiveHour?.resetsAt;
  if (windowReset !== undefined && windowReset > now) return windowReset;
  return now + FALLBACK_LIMIT_MS;
}

function withoutExpired(limitedUntil: Readonly<Record<string, number>>, now: number): Record<string, number> {
  return Object.fromEntries(Object.entries(limitedUntil).filter(([, until]) => until > now));
}

function switchPane(
  state: AutoSwitchState,
  pane: PaneConversation,
  toAccountId: string,
  prompt: string | undefined,
  now: number,
): AutoSwitchResult {
  return {
    state: { ...state, switching: { ...state.switching, [pane.paneId]: { toAccountId, since: now } } },
    actions: [
      { type: 'exit-agent', paneId: pane.paneId },
      {
        type: 'resume',
        paneId: pane.paneId,
        accountId: toAccountId,
        sessionId: pane.sessionId,
        cwd: pane.cwd,
        ...(prompt === undefined ? {} : { prompt }),
      },
    ],
  };
}

export function reduceAutoSwitch(
  state: AutoSwitchState,
  event: AutoSwitchEvent,
  { now, accounts, settings }: AutoSwitchContext,
): AutoSwitchResult {
  if (event.type === 'switch-done') {
    const switching = Object.fromEntries(Object.entries(state.switching).filter(([paneId]) => paneId !== event.paneId));
    return { state: { ...state, switching }, actions: [] };
  }
  // A pane already on its way to another account ignores further signals: the old agent may report its limit more
  // than once (hook, transcript, screen) before it exits.
  if (state.switching[event.pane.paneId]) return { state, actions: [] };
  const { pane } = event;

  if (event.type === 'manual-switch') {
    if (event.toAccountId === pane.accountId || !accounts.some((account) => account.id === event.toAccountId)) {
      return { state, actions: [] };
    }
    // A conversation the limit interrupted is continued; one the user moves while it is idle waits for the user.
    const current = accountStandings(state, accounts, now).find((account) => account.id === pane.accountId);
    const interrupted = current !== undefined && isLimited(current, now);
    return switchPane(state, pane, event.toAccountId, interrupted ? settings.continuePrompt : undefined, now);
  }

  const account = accounts.find((candidate) => candidate.id === pane.accountId);
  const limitedUntil = withoutExpired(state.limitedUntil, now);
  const until = Math.max(limitEnd(event, account, now), limitedUntil[pane.accountId] ?? 0);
  const marked: AutoSwitchState = { ...state, limitedUntil: { ...limitedUntil, [pane.accountId]: until } };
  const banner: AutoSwitchAction = { type: 'all-limited', earliestReset: earliestReset(marked, accounts, now) };

  if (!settings.enabled) {
    const notice: AutoSwitchAction = { type: 'account-limited', paneId: pane.paneId, accountId: pane.accountId, until };
    return { state: marked, actions: allLimited(marked, accounts, now) ? [notice, banner] : [notice] };
  }
  const next = pickNextAccount(accountStandings(marked, accounts, now), now, { leaving: pane.accountId });
  if (!next) return { state: marked, actions: [banner] };
  return switchPane(marked, pane, next.id, settings.continuePrompt, now);
}
