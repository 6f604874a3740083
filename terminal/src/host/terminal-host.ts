// The pty host: every pane, the accounts, their usage, and the switch of a conversation to another account at a
// usage limit. It answers the daemon's requests (the dashboard terminal API) and the windows' socket messages,
// both relayed by the daemon (HostInbound), and talks back through `send` (HostOutbound). It runs in a process of
// its own (host-main.ts) so no pty or screen parsing ever delays the daemon's evaluations or a window.
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type {
  AccountUsageInfo,
  ClaudeAccountInfo,
  HostInbound,
  HostOutbound,
  NewPaneRequest,
  PaneInfo,
  SocketClientMessage,
  SocketServerMessage,
  TerminalOperations,
  TerminalSettings,
  UsageResponse,
} from '@ssg/contracts/terminal';
import {
  type ClaudeAccount,
  AccountStore,
  type CredentialReader,
  claudeLaunch,
  mainClaudeDir,
  readAccountLabel,
  repairSharedLinks,
} from '../accounts';
import {
  type AccountStanding,
  accountStandings,
  allLimited,
  type AutoSwitchAction,
  type AutoSwitchEvent,
  type AutoSwitchState,
  detectLimitSignal,
  earliestReset,
  INITIAL_AUTO_SWITCH_STATE,
  pickOrder,
  reduceAutoSwitch,
} from '../switching';
import {
  type AccountUsage,
  OAuthUsageClient,
  parseStatusLineReport,
  usageAsOf,
  UsagePoller,
  UsageReadings,
  windowAsOf,
} from '../usage';
import { exitAgent, type AgentExitTimings } from './agent-exit';
import { type ClaudeStart, claudeArgs } from './claude-command';
import { Pane, type PaneKind } from './pane';
import { PaneInbox, type PaneReport, paneInboxPath } from './pane-inbox';
import { StaggerRunner } from './stagger-runner';
import { SettingsRejected, TerminalSettingsFile } from './terminal-settings-file';

/** A request the host refuses: the daemon answers with this status and message. */
export class HostRequestError extends Error {
  override readonly name = 'HostRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface TerminalHostOptions {
  ssgHome: string;
  /** The user's home (default cwd of a pane, and where `~/.claude` is). */
  userHome: string;
  /** The environment panes inherit (scrubbed per account for Claude Code). */
  env: NodeJS.ProcessEnv;
  send: (message: HostOutbound) => void;
  credentials: CredentialReader;
  /** The Claude Code executable (default `claude` on PATH). */
  claudeCommand?: string;
  /** The user's shell for shell panes (default SHELL, else /bin/sh; COMSPEC on Windows). */
  shell?: string;
  /** The Node binary the reporter runs with (default this process's). */
  node?: string;
  now?: () => number;
  exitTimings?: AgentExitTimings;
  /** Variables kept for Claude Code although scrubbed by default (tests keep none; see launch-environment.ts). */
  keepEnv?: readonly string[];
  /** Anthropic's usage endpoint's base URL (default the real one; tests point it at a fake). */
  usageApiUrl?: string;
}

const DEFAULT_SIZE = { cols: 100, rows: 30 };
const MAX_PANES = 32;
/** How long after output a pane's screen is searched for a limit message no hook reported. */
const SCREEN_CHECK_MS = 1_000;

export class TerminalHost {
  private readonly panes = new Map<string, Pane>();
  private readonly inboxes = new Map<string, PaneInbox>();
  private readonly accounts: AccountStore;
  private readonly settings: TerminalSettingsFile;
  readonly readings = new UsageReadings();
  private switching: AutoSwitchState = INITIAL_AUTO_SWITCH_STATE;
  private readonly screenChecks = new Map<string, NodeJS.Timeout>();
  private readonly now: () => number;
  private nextPane = 1;
  private poller: UsagePoller | undefined;
  private readonly stagger: StaggerRunner;

  constructor(private readonly options: TerminalHostOptions) {
    this.now = options.now ?? Date.now;
    this.accounts = new AccountStore({ ssgHome: options.ssgHome });
    this.settings = new TerminalSettingsFile(options.ssgHome);
    this.stagger = new StaggerRunner({
      ssgHome: options.ssgHome,
      now: this.now,
      standings: () => this.standings(),
      settings: () => this.settings.get().stagger,
      launch: (accountId) => {
        const account = this.accounts.get(accountId);
        return account && this.launch(account);
      },
      onMessage: (accountId, outcome) =>
        this.broadcast({
          type: 'notice',
          level: outcome === 'sent' ? 'info' : 'warning',
          message:
            outcome === 'sent'
              ? `Stagger: started ${this.accountName(accountId)}'s 5-hour window.`
              : `Stagger: the message to ${this.accountName(accountId)} failed.`,
        }),
    });
    this.readings.onChange(() => {
      this.broadcastUsage();
      this.stagger.check();
    });
    this.startPoller();
    this.stagger.check();
  }

  get settingsProblem(): string | undefined {
    return this.settings.problem;
  }

  async handle(message: HostInbound): Promise<void> {
    if (message.kind === 'request') {
      try {
        const value = await this.request(message.op, message.params);
        this.options.send({ kind: 'response', id: message.id, ok: true, value });
      } catch (error) {
        const refused = error instanceof HostRequestError ? error : undefined;
        this.options.send({
          kind: 'response',
          id: message.id,
          ok: false,
          status: refused?.status ?? (error instanceof SettingsRejected ? 400 : 500),
          message: error instanceof Error ? error.message : String(error),
        });
      }
    } else if (message.kind === 'client-message') this.clientMessage(message.clientId, message.message);
    else for (const pane of this.panes.values()) pane.detach(message.clientId);
  }

  /** Ends every pane's process and every timer (the app is quitting). */
  dispose(): void {
    this.poller?.stop();
    this.stagger.stop();
    for (const id of [...this.panes.keys()]) this.removePane(id);
  }

  private async request(op: keyof TerminalOperations, params: unknown): Promise<unknown> {
    const p = (params ?? {}) as Record<string, never>;
    switch (op) {
      case 'listPanes':
        return { panes: [...this.panes.values()].map((pane) => pane.info()) };
      case 'openPane':
        return this.openPane(params as NewPaneRequest);
      case 'closePane':
        return this.closePane((params as { paneId: string }).paneId);
      case 'switchAccount': {
        const { paneId, accountId } = params as { paneId: string; accountId: string };
        return this.switchAccount(paneId, accountId);
      }
      case 'listAccounts':
        return { accounts: await Promise.all(this.accounts.list().map((account) => this.accountInfo(account))) };
      case 'addAccount':
        return this.addAccount((params as { name: string }).name);
      case 'removeAccount':
        return this.removeAccount((params as { accountId: string }).accountId);
      case 'startLogin':
        return this.startLogin((params as { accountId: string }).accountId);
      case 'usage':
        return this.usage();
      case 'getSettings':
        return this.settings.get();
      case 'putSettings': {
        const before = this.settings.get();
        const after = this.settings.update(p);
        if (after.usageApi.enabled !== before.usageApi.enabled) this.startPoller();
        this.stagger.check();
        return after;
      }
      default:
        throw new HostRequestError(404, `unknown terminal operation ${JSON.stringify(op)}`);
    }
  }

  private clientMessage(clientId: string, message: SocketClientMessage): void {
    const pane = this.panes.get(message.paneId);
    if (!pane) {
      this.sendTo([clientId], { type: 'error', message: `no pane ${message.paneId}` });
      return;
    }
    if (message.type === 'attach') pane.attach(clientId);
    else if (message.type === 'detach') pane.detach(clientId);
    else if (message.type === 'input') pane.input(message.data);
    else if (message.type === 'resize') {
      pane.resize(message.cols, message.rows);
      this.broadcast({ type: 'pane', pane: pane.info() });
    } else pane.acknowledge(clientId, message.chars);
  }

  // Panes

  private openPane(request: NewPaneRequest): PaneInfo {
    const kind = request.kind ?? 'claude';
    const cwd = request.cwd ?? this.options.userHome;
    if (!isAbsolute(cwd)) throw new HostRequestError(400, `cwd must be an absolute folder, got ${JSON.stringify(cwd)}`);
    if (!isFolder(cwd)) throw new HostRequestError(400, `cwd ${JSON.stringify(cwd)} is not a folder`);
    if (kind === 'shell') {
      const pane = this.newPane({ kind, title: 'shell', cwd, accountId: null, size: request });
      pane.start({ file: this.shell(), args: [], cwd, env: stringEnv(this.options.env) });
      return this.announce(pane);
    }
    const account =
      request.accountId === undefined || request.accountId === 'auto'
        ? this.pickAccount()
        : this.account(request.accountId);
    const sessionId = randomUUID();
    const pane = this.newPane({ kind, title: account.name, cwd, accountId: account.id, size: request, sessionId });
    this.startClaude(pane, account, { mode: 'new', sessionId });
    return this.announce(pane);
  }

  private startLogin(accountId: string): PaneInfo {
    const account = this.account(accountId);
    const cwd = this.options.userHome;
    const pane = this.newPane({ kind: 'login', title: `Sign in: ${account.name}`, cwd, accountId, size: {} });
    this.startClaude(pane, account, { mode: 'login' });
    return this.announce(pane);
  }

  private closePane(paneId: string): PaneInfo {
    const pane = this.pane(paneId);
    const info = { ...pane.info(), state: 'exited' as const };
    this.removePane(paneId);
    this.broadcast({ type: 'pane-closed', paneId });
    return info;
  }

  private newPane(spec: {
    kind: PaneKind;
    title: string;
    cwd: string;
    accountId: string | null;
    size: { cols?: number; rows?: number };
    sessionId?: string;
  }): Pane {
    if (this.panes.size >= MAX_PANES) throw new HostRequestError(409, `at most ${MAX_PANES} panes can be open`);
    const id = `pane-${this.nextPane++}`;
    const pane = new Pane({
      id,
      kind: spec.kind,
      title: spec.title,
      cwd: spec.cwd,
      accountId: spec.accountId,
      claudeSessionId: spec.sessionId ?? null,
      cols: spec.size.cols ?? DEFAULT_SIZE.cols,
      rows: spec.size.rows ?? DEFAULT_SIZE.rows,
      createdAt: this.now(),
      send: (clientIds, message) => this.sendTo(clientIds, message),
      onOutput: (active) => this.maybeCheckScreen(active),
      onProcessExit: (ended, exitCode) => this.processExited(ended, exitCode),
    });
    this.panes.set(id, pane);
    if (spec.kind === 'claude') {
      this.inboxes.set(id, new PaneInbox(paneInboxPath(this.options.ssgHome, id), (r) => this.report(pane, r)));
    }
    return pane;
  }

  private startClaude(pane: Pane, account: ClaudeAccount, start: ClaudeStart): void {
    if (account.configDir !== undefined) {
      repairSharedLinks({ configDir: account.configDir, mainDir: mainClaudeDir(this.options.userHome) });
    }
    const launch = this.launch(account);
    const inbox = paneInboxPath(this.options.ssgHome, pane.id);
    const userStatusLine = userStatusLineCommand(mainClaudeDir(this.options.userHome));
    const reporter = {
      node: this.options.node ?? process.execPath,
      inbox,
      accountName: account.name,
      ...(userStatusLine && { userStatusLine }),
    };
    try {
      pane.start({
        file: launch.file,
        args: [...launch.args, ...claudeArgs(start, reporter)],
        cwd: pane.cwd,
        env: launch.env,
      });
    } catch (error) {
      void pane.note(`Claude Code could not start: ${(error as Error).message}`);
      pane.state = 'exited';
    }
  }

  private launch(account: ClaudeAccount) {
    return claudeLaunch(account, {
      inherited: this.options.env,
      keep: this.options.keepEnv,
      ...(this.options.claudeCommand !== undefined && { claudeCommand: this.options.claudeCommand }),
    });
  }

  private announce(pane: Pane): PaneInfo {
    const info = pane.info();
    this.broadcast({ type: 'pane', pane: info });
    return info;
  }

  private processExited(pane: Pane, exitCode: number | null): void {
    // A closed pane's process ends after the windows were told it is gone; a moving one is about to resume.
    if (this.panes.get(pane.id) !== pane || this.switching.switching[pane.id]) return;
    pane.state = 'exited';
    pane.exitCode = exitCode;
    this.broadcast({ type: 'pane', pane: pane.info() });
  }

  private removePane(paneId: string): void {
    this.panes.get(paneId)?.dispose();
    this.panes.delete(paneId);
    this.inboxes.get(paneId)?.close();
    this.inboxes.delete(paneId);
    clearTimeout(this.screenChecks.get(paneId));
    this.screenChecks.delete(paneId);
  }

  // Reports from Claude Code inside a pane

  private report(pane: Pane, report: PaneReport): void {
    const accountId = pane.accountId;
    if (accountId === null) return;
    if (report.kind === 'status-line') {
      const parsed = parseStatusLineReport(report.text, accountId, this.now());
      if (!parsed) return;
      if (parsed.sessionId) this.sessionSeen(pane, parsed.sessionId);
      if (parsed.usage.fiveHour || parsed.usage.sevenDay || parsed.usage.otherBuckets)
        this.readings.record(parsed.usage);
      return;
    }
    let hook: Record<string, unknown>;
    try {
      hook = JSON.parse(report.text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (typeof hook.session_id === 'string' && hook.hook_event_name === 'SessionStart') {
      this.sessionSeen(pane, hook.session_id);
    }
    if (hook.hook_event_name === 'StopFailure') void this.checkForLimit(pane, hook);
  }

  private sessionSeen(pane: Pane, sessionId: string): void {
    if (pane.claudeSessionId === sessionId || !/^[A-Za-z0-9._-]{1,128}$/.test(sessionId)) return;
    pane.claudeSessionId = sessionId;
    this.broadcast({ type: 'pane', pane: pane.info() });
  }

  private async checkForLimit(pane: Pane, hook?: Record<string, unknown>): Promise<void> {
    if (pane.kind !== 'claude' || pane.accountId === null || pane.claudeSessionId === null) return;
    const screenLines = hook ? undefined : await pane.screenLinesSinceNote();
    if (pane.accountId === null || this.switching.switching[pane.id]) return;
    const usage = this.readings.get(pane.accountId);
    const signal = detectLimitSignal(
      {
        ...(hook && { hook: hook as never }),
        ...(usage && { usage }),
        ...(screenLines && { screenLines }),
      },
      { now: this.now() },
    );
    if (signal.kind !== 'usage-limit') return;
    // Already known: the pane stays on a limited account because auto-switch is off, or because every account was
    // limited and still is. (Claude Code shows its limit message again on every prompt; it is not news.)
    const now = this.now();
    const standings = this.standings();
    const own = standings.find((standing) => standing.id === pane.accountId);
    const staying = !this.settings.get().autoSwitch.enabled || allLimited(this.switching, standings, now);
    if ((own?.limitedUntil ?? 0) > now && staying) return;
    const conversation = { paneId: pane.id, accountId: pane.accountId, sessionId: pane.claudeSessionId, cwd: pane.cwd };
    void this.dispatch({
      type: 'usage-limit',
      pane: conversation,
      ...(signal.resetsAt && { resetsAt: signal.resetsAt }),
    });
  }

  // Switching

  private switchAccount(paneId: string, accountId: string): PaneInfo {
    const pane = this.pane(paneId);
    this.account(accountId);
    if (pane.kind !== 'claude' || pane.accountId === null || pane.claudeSessionId === null) {
      throw new HostRequestError(409, `pane ${paneId} runs no Claude Code conversation to move`);
    }
    if (pane.accountId === accountId) return pane.info();
    if (this.switching.switching[paneId]) throw new HostRequestError(409, `pane ${paneId} is already switching`);
    const conversation = { paneId, accountId: pane.accountId, sessionId: pane.claudeSessionId, cwd: pane.cwd };
    void this.dispatch({ type: 'manual-switch', pane: conversation, toAccountId: accountId });
    return { ...pane.info(), state: 'switching' };
  }

  private async dispatch(event: AutoSwitchEvent): Promise<void> {
    const { state, actions } = reduceAutoSwitch(this.switching, event, {
      now: this.now(),
      accounts: this.standings(),
      settings: this.settings.get().autoSwitch,
    });
    this.switching = state;
    for (const action of actions) await this.perform(action);
    if (actions.length > 0) void this.broadcastUsage();
  }

  private async perform(action: AutoSwitchAction): Promise<void> {
    if (action.type === 'all-limited') {
      // The windows show when the first resets, in their own time zone, from the usage message that follows.
      this.broadcast({ type: 'notice', level: 'warning', message: 'Every account has reached its usage limit.' });
      return;
    }
    const pane = this.panes.get(action.paneId);
    if (!pane) return;
    if (action.type === 'account-limited') {
      await pane.note(`${this.accountName(action.accountId)} reached its usage limit (auto-switch is off).`);
      return;
    }
    if (action.type === 'exit-agent') {
      pane.state = 'switching';
      this.broadcast({ type: 'pane', pane: pane.info() });
      await exitAgent(pane, this.options.exitTimings);
      return;
    }
    const account = this.accounts.get(action.accountId);
    if (!account) return void this.dispatch({ type: 'switch-done', paneId: pane.id });
    const from = this.accountName(pane.accountId ?? '');
    await pane.note(`Continuing this conversation on ${account.name}.`);
    pane.accountId = account.id;
    pane.title = account.name;
    this.startClaude(pane, account, {
      mode: 'resume',
      sessionId: action.sessionId,
      ...(action.prompt !== undefined && { prompt: action.prompt }),
    });
    if (pane.isRunning) pane.state = 'running';
    this.broadcast({ type: 'pane', pane: pane.info() });
    const message = `Moved a conversation from ${from} to ${account.name}.`;
    this.broadcast({ type: 'notice', level: 'info', message, paneId: pane.id });
    await this.dispatch({ type: 'switch-done', paneId: pane.id });
  }

  // Accounts and usage

  private standings(): (AccountStanding & { account: ClaudeAccount })[] {
    const now = this.now();
    const accounts = this.accounts.list().map((account) => {
      const usage = this.readings.get(account.id);
      return { id: account.id, isDefault: account.isDefault, account, ...(usage && { usage: usageAsOf(usage, now) }) };
    });
    return accountStandings(this.switching, accounts, now);
  }

  private pickAccount(): ClaudeAccount {
    const [first] = pickOrder(this.standings(), this.now());
    return first?.account ?? this.accounts.list()[0]!;
  }

  private account(id: string): ClaudeAccount {
    const account = this.accounts.get(id);
    if (!account) throw new HostRequestError(404, `no Claude account ${JSON.stringify(id)}`);
    return account;
  }

  private accountName(id: string): string {
    return this.accounts.get(id)?.name ?? id;
  }

  private addAccount(name: string): Promise<ClaudeAccountInfo> {
    let account: ClaudeAccount;
    try {
      account = this.accounts.add(name);
    } catch (error) {
      throw new HostRequestError(400, (error as Error).message);
    }
    this.poller?.setAccounts(this.accounts.list().map((a) => a.id));
    this.stagger.check();
    return this.accountInfo(account);
  }

  private async removeAccount(accountId: string): Promise<ClaudeAccountInfo> {
    const account = this.account(accountId);
    if (account.isDefault) throw new HostRequestError(400, 'the machine’s own login cannot be removed');
    const inUse = [...this.panes.values()].find((pane) => pane.accountId === accountId && pane.isRunning);
    if (inUse) throw new HostRequestError(409, `${account.name} is in use in ${inUse.id}: close the pane first`);
    const info = await this.accountInfo(account);
    this.accounts.remove(accountId);
    this.poller?.setAccounts(this.accounts.list().map((a) => a.id));
    return info;
  }

  private async accountInfo(account: ClaudeAccount): Promise<ClaudeAccountInfo> {
    const label = await readAccountLabel(account, {
      home: this.options.userHome,
      credentials: this.options.credentials,
    });
    const problems =
      account.configDir === undefined
        ? []
        : repairSharedLinks({ configDir: account.configDir, mainDir: mainClaudeDir(this.options.userHome) });
    return {
      id: account.id,
      name: account.name,
      isDefault: account.isDefault,
      email: label.email ?? null,
      loggedIn: label.loggedIn,
      configDir: account.configDir ?? null,
      problems: problems.map((problem) => problem.message),
    };
  }

  private usage(): UsageResponse {
    const now = this.now();
    const standings = this.standings();
    const accounts: AccountUsageInfo[] = standings.map((standing) => {
      const usage = this.readings.get(standing.id);
      const window = (w: AccountUsage['fiveHour']) => {
        if (!w) return null;
        const current = windowAsOf(w, now);
        return { usedPercent: current.usedPercent, resetsAt: current.resetsAt ?? null };
      };
      return {
        accountId: standing.id,
        fiveHour: window(usage?.fiveHour),
        sevenDay: window(usage?.sevenDay),
        source: usage?.source ?? null,
        observedAt: usage?.observedAt ?? null,
        stale: usage?.stale?.reason ?? null,
        limitedUntil: standing.limitedUntil && standing.limitedUntil > now ? standing.limitedUntil : null,
      };
    });
    const limited = allLimited(this.switching, standings, now);
    return { accounts, allLimitedUntil: limited ? (earliestReset(this.switching, standings, now) ?? null) : null };
  }

  /** Reads every account's usage from the usage endpoint with its own token, when the user opted in. */
  private startPoller(): void {
    this.poller?.stop();
    const enabled = this.settings.get().usageApi.enabled;
    this.poller = new UsagePoller({
      enabled,
      client: new OAuthUsageClient({ ...(this.options.usageApiUrl && { baseUrl: this.options.usageApiUrl }) }),
      readings: this.readings,
      tokenFor: async (accountId) => {
        const account = this.accounts.get(accountId);
        return account && (await this.options.credentials.read(account))?.accessToken.reveal();
      },
    });
    this.poller.setAccounts(this.accounts.list().map((account) => account.id));
    this.poller.start();
  }

  private broadcastUsage(): void {
    this.broadcast({ type: 'usage', usage: this.usage() });
  }

  // Sending

  private pane(id: string): Pane {
    const pane = this.panes.get(id);
    if (!pane) throw new HostRequestError(404, `no pane ${JSON.stringify(id)}`);
    return pane;
  }

  private shell(): string {
    if (this.options.shell) return this.options.shell;
    if (process.platform === 'win32') return this.options.env.COMSPEC ?? 'cmd.exe';
    return this.options.env.SHELL ?? '/bin/sh';
  }

  private broadcast(message: SocketServerMessage): void {
    this.options.send({ kind: 'client-send', clientIds: 'all', message });
  }

  private sendTo(clientIds: readonly string[], message: SocketServerMessage): void {
    this.options.send({ kind: 'client-send', clientIds, message });
  }

  /** The fallback for a limit no hook reported: the screen, a second after output started (once parsed), and no
   * more often than that. */
  private maybeCheckScreen(pane: Pane): void {
    if (pane.kind !== 'claude' || this.screenChecks.has(pane.id)) return;
    const timer = setTimeout(() => {
      this.screenChecks.delete(pane.id);
      if (this.panes.get(pane.id) === pane && !this.switching.switching[pane.id]) void this.checkForLimit(pane);
    }, SCREEN_CHECK_MS);
    timer.unref();
    this.screenChecks.set(pane.id, timer);
  }
}

/** The user's own status line command, if their settings give one (a damaged file gives none). */
function userStatusLineCommand(claudeDir: string): string | undefined {
  try {
    const settings = JSON.parse(readFileSync(join(claudeDir, 'settings.json'), 'utf8')) as {
      statusLine?: { type?: unknown; command?: unknown };
    };
    const { type, command } = settings.statusLine ?? {};
    return type === 'command' && typeof command === 'string' && command.trim() !== '' ? command : undefined;
  } catch {
    return undefined;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = { TERM: 'xterm-256color', COLORTERM: 'truecolor' };
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && name !== 'ELECTRON_RUN_AS_NODE') out[name] = value;
  return out;
}

export type { TerminalSettings };
