// Polls the usage API for each account, as slowly as the endpoint tolerates (research §2.1): polling every ~10 s
// trips its rate limit, and several accounts polled at one fixed period drift into lockstep and trip a limit that
// seems to be per IP address. So: each account at most once per interval (≥ 60 s) plus a random jitter; one
// request at a time, at least `minGapMs` after the previous one whatever account it was for, with the accounts'
// first polls spread across the interval; on a 429, a refused token or an error, that account backs off
// exponentially up to 5 minutes (longer only when the endpoint names a longer retry-after), and one good answer
// ends the back-off. Failures keep the last-known values, marked stale with the reason.
//
// Opt-in: calling the usage API with a token read from Claude Code's credentials is what many tools do, but it sits
// in a grey zone of Anthropic's terms (research §6), while the status line gives the same numbers for accounts
// that run a pane. The caller decides `enabled` from the user's setting; when it is false the poller sends
// nothing at all.
import type { OAuthUsageClient, UsageApiOutcome } from './oauth-usage-client';
import type { UsageReadings } from './usage-readings';

export interface PollerTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UsagePollerOptions {
  /** Whether to call the usage API at all (see above); false makes `start` do nothing. */
  readonly enabled: boolean;
  /** The account's current access token, read afresh for each poll (Claude Code refreshes it on its own), or
   *  undefined when the account has none. */
  readonly tokenFor: (accountId: string) => Promise<string | undefined>;
  readonly client: Pick<OAuthUsageClient, 'read'>;
  readonly readings: UsageReadings;
  /** How often one account is polled, at least 60 s. */
  readonly intervalMs?: number;
  /** A random 0..jitterMs added to every wait. */
  readonly jitterMs?: number;
  /** The least time between any two requests, whichever accounts they are for. */
  readonly minGapMs?: number;
  readonly timers?: PollerTimers;
  /** 0 ≤ random() < 1. */
  readonly random?: () => number;
}

/** Where one account stands in the schedule. */
export interface AccountPollState {
  readonly nextPollAt: number;
  /** Polls in a row that were refused or failed. */
  readonly failures: number;
  /** Why the last poll brought no numbers (no token, rate-limited, …); absent after a good one. */
  readonly problem?: string;
}

export const MIN_POLL_INTERVAL_MS = 60_000;
export const MAX_BACKOFF_MS = 5 * 60_000;
/** A retry-after longer than this is not believed: an hour is what Claude Code itself waits at most. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
const DEFAULTS = { intervalMs: 90_000, jitterMs: 30_000, minGapMs: 10_000 };

const realTimers: PollerTimers = {
  now: Date.now,
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class UsagePoller {
  private readonly intervalMs: number;
  private readonly jitterMs: number;
  private readonly minGapMs: number;
  private readonly timers: PollerTimers;
  private readonly random: () => number;
  private readonly accounts = new Map<string, AccountPollState>();
  private accountIds: readonly string[] = [];
  private running = false;
  private polling = false;
  private timer: unknown;
  private lastRequestAt = -Infinity;

  constructor(private readonly options: UsagePollerOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULTS.intervalMs;
    this.jitterMs = options.jitterMs ?? DEFAULTS.jitterMs;
    this.minGapMs = options.minGapMs ?? DEFAULTS.minGapMs;
    this.timers = options.timers ?? realTimers;
    this.random = options.random ?? Math.random;
    if (!(this.intervalMs >= MIN_POLL_INTERVAL_MS)) {
      throw new RangeError(`the usage poll interval must be at least ${MIN_POLL_INTERVAL_MS} ms`);
    }
    if (!(this.jitterMs >= 0 && this.minGapMs >= 0)) throw new RangeError('jitter and gap must not be negative');
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** The accounts to poll. Accounts new to a running poller get their first poll at a random point of the next
   *  interval; removed ones are dropped. */
  setAccounts(accountIds: readonly string[]): void {
    this.accountIds = [...new Set(accountIds)];
    for (const id of this.accounts.keys()) if (!this.accountIds.includes(id)) this.accounts.delete(id);
    if (!this.running) return;
    const now = this.timers.now();
    for (const id of this.accountIds) {
      if (!this.accounts.has(id))
        this.accounts.set(id, { nextPollAt: now + this.random() * this.intervalMs, failures: 0 });
    }
    this.arm();
  }

  /** Starts polling (nothing when not enabled). The accounts' first polls are spread evenly across one interval,
   *  each with its own jitter, so they start apart. */
  start(): void {
    if (!this.options.enabled || this.running) return;
    this.running = true;
    const now = this.timers.now();
    const spacing = this.intervalMs / Math.max(1, this.accountIds.length);
    this.accounts.clear();
    this.accountIds.forEach((id, index) => {
      this.accounts.set(id, { nextPollAt: now + index * spacing + this.jitter(), failures: 0 });
    });
    this.arm();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  state(accountId: string): AccountPollState | undefined {
    return this.accounts.get(accountId);
  }

  private jitter(): number {
    return this.random() * this.jitterMs;
  }

  /** Sets the one timer for the account due first, no sooner than `minGapMs` after the last request. */
  private arm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.running || this.polling) return;
    const due = this.nextDue();
    if (!due) return;
    const at = Math.max(due.state.nextPollAt, this.lastRequestAt + this.minGapMs);
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        void this.pollNext();
      },
      Math.max(0, at - this.timers.now()),
    );
  }

  private nextDue(): { id: string; state: AccountPollState } | undefined {
    let due: { id: string; state: AccountPollState } | undefined;
    for (const [id, state] of this.accounts) if (!due || state.nextPollAt < due.state.nextPollAt) due = { id, state };
    return due;
  }

  private async pollNext(): Promise<void> {
    const due = this.nextDue();
    if (!this.running || !due) return;
    this.polling = true;
    try {
      const next = await this.poll(due.id, due.state);
      // The account may have been removed while its request was out.
      if (this.accounts.has(due.id)) this.accounts.set(due.id, next);
    } finally {
      this.polling = false;
      this.arm();
    }
  }

  private async poll(accountId: string, previous: AccountPollState): Promise<AccountPollState> {
    let token: string | undefined;
    let tokenProblem: string | undefined;
    try {
      token = await this.options.tokenFor(accountId);
    } catch (error) {
      tokenProblem = `its credentials could not be read: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (token === undefined) {
      // Not the endpoint's doing: no back-off, look again next interval (the user may log in meanwhile).
      const problem = `not polled: ${tokenProblem ?? 'the account has no access token (not logged in)'}`;
      this.options.readings.markStale(accountId, problem, this.timers.now());
      return { nextPollAt: this.timers.now() + this.intervalMs + this.jitter(), failures: previous.failures, problem };
    }

    this.lastRequestAt = this.timers.now();
    const outcome = await this.options.client.read(token);
    const now = this.timers.now();
    if (outcome.kind === 'ok') {
      this.options.readings.record({ accountId, ...outcome.buckets, source: 'usage-api', observedAt: now });
      return { nextPollAt: now + this.intervalMs + this.jitter(), failures: 0 };
    }
    this.options.readings.markStale(accountId, outcome.message, now);
    const failures = previous.failures + 1;
    return { nextPollAt: now + this.backoff(failures, outcome) + this.jitter(), failures, problem: outcome.message };
  }

  /** interval, 2×, 4×… up to 5 minutes (never below the interval); a longer retry-after named by the endpoint wins
   *  (up to an hour). */
  private backoff(failures: number, outcome: UsageApiOutcome): number {
    const exponential = Math.max(this.intervalMs, Math.min(this.intervalMs * 2 ** (failures - 1), MAX_BACKOFF_MS));
    const retryAfter = outcome.kind === 'rate-limited' ? Math.min(outcome.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0;
    return Math.max(exponential, retryAfter);
  }
}
