// Carries out the stagger (switching/stagger.ts): when the plan names an account, that account gets one short
// message from a hidden `claude -p` (no pane), which starts its 5-hour window now, so the accounts' resets end up
// spread out. Off by default and documented as a cost: each message spends a little of the account's window.
// The plan is made again on every usage change and at the time the last plan asked for.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AccountStanding,
  INITIAL_STAGGER_STATE,
  planStagger,
  recordStaggerMessage,
  type StaggerSettings,
  type StaggerState,
} from '../switching';

/** As short as a message can be: it only has to reach the service. */
export const STAGGER_PROMPT = 'Reply with the single word: ok';
const MESSAGE_TIMEOUT_MS = 120_000;

export interface StaggerMessage {
  accountId: string;
  /** The process that sends it: `claude -p`, with the account's environment. */
  file: string;
  args: string[];
  env: Record<string, string>;
}

export interface StaggerRunnerOptions {
  ssgHome: string;
  now: () => number;
  standings: () => AccountStanding[];
  settings: () => StaggerSettings;
  /** How to run `claude` for an account (launch-environment.ts). */
  launch: (accountId: string) => { file: string; args: string[]; env: Record<string, string> } | undefined;
  /** Told about each message sent (for the windows), and about a message that failed. */
  onMessage: (accountId: string, outcome: 'sent' | 'failed') => void;
  /** Runs a message; by default a child process (tests pass their own). */
  send?: (message: StaggerMessage, cwd: string) => Promise<boolean>;
}

export class StaggerRunner {
  private state: StaggerState = INITIAL_STAGGER_STATE;
  private timer: NodeJS.Timeout | undefined;
  private sending = false;

  constructor(private readonly options: StaggerRunnerOptions) {}

  /** Plans now (usage or settings changed), and again when the plan says. */
  check(): void {
    if (this.sending) return;
    clearTimeout(this.timer);
    const now = this.options.now();
    const plan = planStagger({
      now,
      accounts: this.options.standings(),
      settings: this.options.settings(),
      state: this.state,
    });
    if (plan.nextCheckAt !== undefined) {
      this.timer = setTimeout(() => this.check(), Math.max(1_000, plan.nextCheckAt - now));
      this.timer.unref();
    }
    if (plan.messageTo !== undefined) void this.message(plan.messageTo, now);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private async message(accountId: string, now: number): Promise<void> {
    const launch = this.options.launch(accountId);
    if (!launch) return;
    this.sending = true;
    this.state = recordStaggerMessage(this.state, accountId, now);
    const cwd = join(this.options.ssgHome, 'terminal', 'stagger');
    mkdirSync(cwd, { recursive: true });
    const message = { accountId, ...launch, args: [...launch.args, '-p', STAGGER_PROMPT, '--max-turns', '1'] };
    const sent = await (this.options.send ?? runMessage)(message, cwd);
    this.sending = false;
    this.options.onMessage(accountId, sent ? 'sent' : 'failed');
  }
}

function runMessage(message: StaggerMessage, cwd: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(message.file, message.args, { cwd, env: message.env, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), MESSAGE_TIMEOUT_MS);
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}
