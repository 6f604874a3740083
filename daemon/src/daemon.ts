// Starts the daemon: the token, the stores and the areas' services under one home, the fastify app on loopback,
// and `<home>/daemon.json` saying where it listens. `ssg daemon` runs this in the foreground; the desktop app's
// main process runs the same function in-process.
import type { AddressInfo } from 'node:net';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { removeDaemonFile, writeDaemonFile } from '@ssg/node/daemon-file';
import { ApprovalQueue } from './approvals/approval-queue';
import { AuditLog } from './audit/audit-log';
import { AuditStore } from './audit/audit-store';
import { AuditRetention } from './audit/retention';
import { Budget } from './budget/budget';
import { type Clock, systemClock } from './clock';
import { claudeCodeTranscripts } from './costs/claude-code-transcripts';
import { codexSessions } from './costs/codex-sessions';
import { CostIngestion } from './costs/cost-ingestion';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { defaultRendererDir } from './dashboard/renderer-dir';
import { DashboardSessionAuth } from './dashboard/session-auth';
import { DashboardSessions } from './dashboard/sessions';
import { staticFileRoutes } from './dashboard/static-files';
import { DashboardTickets, signInUrl } from './dashboard/tickets';
import { EvaluationPipeline } from './evaluation/evaluation-pipeline';
import { DaemonEvents } from './events';
import { FleetSignIn } from './fleet/fleet-sign-in';
import { agentRoutes } from './routes/agents';
import { approvalRoutes } from './routes/approvals';
import { auditRoutes } from './routes/audit';
import { budgetRoutes } from './routes/budget';
import { budgetHistoryRoutes } from './routes/budget-history';
import { costIngestionRoutes } from './routes/cost-ingestion';
import { evalRoutes } from './routes/eval';
import { eventStreamRoutes } from './routes/events';
import { fleetRoutes } from './routes/fleet';
import { healthRoutes } from './routes/health';
import { rulesRoutes } from './routes/rules';
import { sleepModeRoutes } from './routes/sleep-mode';
import { terminalRoutes } from './routes/terminal';
import { RuleRegistry } from './rules/rule-registry';
import { daemonLog, type LogLevel } from './log/daemon-logger';
import { regexBoundsProblem } from '@ssg/engine/node';
import { AuditSpoolIngestion } from './audit/audit-spool-ingestion';
import { buildApp } from './server/app';
import { ASSUMED_FILE_DESCRIPTOR_LIMIT, connectionLimitsFor } from './server/connection-limits';
import { keepConnectionSlots } from './server/connection-slots';
import { raiseOpenFileLimit } from './server/open-file-limit';
import { DaemonIdentity } from './server/daemon-identity';
import { assertNoOtherDaemon } from './single-instance';
import { removeStaleTempFiles } from './store/stale-temp-files';
import { SleepMode } from './sleep/sleep-mode';
import { forkTerminalHost, type TerminalHostLink, TerminalHostProcess } from './terminal/terminal-host-process';
import { ensureDaemonToken, tokenMatches } from './token/daemon-token';
import { SERVICE_TOKEN_HEADER_NAME } from '@ssg/contracts/service-token-header';
import { ensureAdminCredential, type Keychain } from '@ssg/node/admin-credential';
import { protectedPlaces } from '@ssg/hosts/protected-places';
import { tokenVault } from '@ssg/node/sso/token-vault';

export const DEFAULT_PORT = 5599;

export interface DaemonOptions {
  /** The ssg home (`~/.ssg`, or SSG_HOME). */
  home: string;
  /** 0 picks a free port (tests). */
  port?: number;
  clock?: Clock;
  version?: string;
  /** Where the agents' logs are found (HOME, CLAUDE_CONFIG_DIR, CODEX_HOME); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long an ASK waits for an answer on a host that cannot ask (default 60 s). */
  approvalTimeoutMs?: number;
  /** What an unanswered ASK becomes (default deny). */
  approvalDefault?: 'deny' | 'allow';
  /** Audit retention: records kept at most (default 200,000) and their maximum age (default 30 days). */
  auditMaxRows?: number;
  auditMaxAgeMs?: number;
  /** The built dashboard to serve at `/` (default: SSG_RENDERER_DIR, else the repo's renderer/dist). */
  rendererDir?: string;
  /** What goes into <home>/logs/daemon.log (default info: start, stop, errors). */
  logLevel?: LogLevel;
  /** Where the admin credential is kept besides its file (default: the OS keychain on macOS and Windows). */
  keychain?: Keychain;
  /** How to reach the terminal's pty host (default: fork it on first use; the desktop app hands over a port). */
  terminalHost?: () => TerminalHostLink;
}

export interface RunningDaemon {
  url: string;
  port: number;
  /** The hooks' credential (<home>/daemon.token): evaluates and reads. */
  token: string;
  /** The admin credential: what lowers protection (packages/node/src/admin-credential.ts). */
  adminToken: string;
  app: FastifyInstance;
  events: DaemonEvents;
  /** The spending limits: the evaluation pipeline's SpendingGate and cost ingestion's CostSink. */
  budget: Budget;
  /** The audit log: the evaluation pipeline's AuditSink. */
  audit: AuditLog;
  /** Where an ASK waits on hosts that cannot ask: the evaluation pipeline's ApprovalGate. */
  approvals: ApprovalQueue;
  /** A one-time sign-in link to the dashboard (valid 60 s), for the desktop app's window. */
  dashboardLink(): string;
  /** Stops listening, finishes in-flight requests, closes the stores. */
  close(): Promise<void>;
}

export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { home } = options;
  await assertNoOtherDaemon(home);
  // First, before any file or socket is opened: the connection cap below is sized by what this leaves.
  const openFiles = raiseOpenFileLimit();
  removeStaleTempFiles([home, join(home, 'rules')]);
  const clock = options.clock ?? systemClock;
  const token = ensureDaemonToken(home);
  const adminToken = ensureAdminCredential(home, options.keychain).secret;
  const events = new DaemonEvents();
  const startedAt = clock.now();
  const rules = new RuleRegistry(home, events);
  // Before listening: a Sleep at Night window that elapsed while the daemon was down comes down now.
  const sleepMode = new SleepMode({ home, clock, events, setRuleWatching: (on) => rules.setWatching(on) });
  sleepMode.start();
  // The spending limits: budget.json applied, the window totals rebuilt from <home>/ledger.sqlite. It is the
  // SpendingGate every evaluation passes first and the CostSink cost ingestion records dollars into.
  const budget = Budget.open({ home, clock, events, sessionStartedAt: startedAt });
  // The audit log in <home>/audit.sqlite, kept bounded by retention on a timer (never on the hot path), and the
  // queue where an ASK waits when its host cannot ask.
  const auditStore = AuditStore.open(join(home, 'audit.sqlite'));
  const audit = new AuditLog(auditStore, events);
  const retention = new AuditRetention(auditStore, clock, {
    maxRows: options.auditMaxRows,
    maxAgeMs: options.auditMaxAgeMs,
  });
  retention.start();
  // What hooks blocked while this daemon was not there to ask (fail-closed, over-limit calls) joins the log.
  const spoolIngestion = new AuditSpoolIngestion(home, audit);
  spoolIngestion.start();
  const approvals = new ApprovalQueue({
    clock,
    events,
    timeoutMs: options.approvalTimeoutMs,
    defaultAnswer: options.approvalDefault,
  });
  // Dollars from the agents' own logs into the ledger, through the budget so its window totals stay current.
  const env = options.env ?? process.env;
  const costIngestion = new CostIngestion({
    home,
    clock,
    sink: budget,
    sources: [claudeCodeTranscripts({ env }), codexSessions({ env })],
  });
  costIngestion.start();
  // Its own pid: daemon.json, where the hooks read it from, is written only once the daemon listens.
  const protect = { ...protectedPlaces(home, env), daemonPid: process.pid };
  const pipeline = new EvaluationPipeline({ spending: budget, rules, approvals, audit, clock, protect });
  // The dashboard's sign-in: one-time tickets traded for in-memory session tokens (sent as a header, never a
  // cookie), which prove a person.
  const tickets = new DashboardTickets(clock);
  const sessions = new DashboardSessions(clock);
  const sessionAuth = new DashboardSessionAuth(sessions);
  let port = options.port ?? DEFAULT_PORT;
  const daemonUrl = (): string => `http://127.0.0.1:${port}`;
  const log = daemonLog(home, options.logLevel);
  // The regex time bounds rest on V8 flags this runtime might not honour: say so in the log and the health answer.
  const regexBounds = regexBoundsProblem();
  const identity = DaemonIdentity.create();
  // The multi-account terminal's pty host: a process of its own, started on the first terminal request.
  const terminalHost = new TerminalHostProcess(
    options.terminalHost ?? (() => forkTerminalHost({ ...process.env, ...env, SSG_HOME: home })),
  );
  // The Fleet page's sign-in to the organization's fleet: `ssg auth login --sso`, run here for the page.
  const fleetEnv = { ...process.env, ...env };
  const fleetSignIn = new FleetSignIn({
    home,
    env: fleetEnv,
    clock,
    machine: hostname(),
    vault: () => tokenVault(fleetEnv),
  });
  const app = await buildApp({
    identity,
    log: log.options,
    credentials: { hookToken: token, adminToken, isPerson: sessionAuth.acceptsSession },
    port: () => port,
    routes: [
      sessionAuth.originGuard,
      healthRoutes({
        version: options.version ?? 'dev',
        pid: process.pid,
        startedAt,
        ...(regexBounds !== undefined && { regexBoundsProblem: regexBounds }),
      }),
      evalRoutes(pipeline),
      sleepModeRoutes(sleepMode),
      budgetRoutes(budget),
      budgetHistoryRoutes(budget),
      auditRoutes({ store: auditStore, log: audit, clock, retentionProblem: () => retention.problem }),
      approvalRoutes(approvals),
      eventStreamRoutes({ events }),
      costIngestionRoutes(costIngestion),
      dashboardRoutes({ tickets, sessions, url: daemonUrl }),
      staticFileRoutes(options.rendererDir ?? defaultRendererDir(env)),
      rulesRoutes({ rules, home, defaultCwd: env.HOME ?? homedir() }),
      agentRoutes({ home, userHome: env.HOME ?? homedir(), env: { ...process.env, ...env } }),
      terminalRoutes({
        host: terminalHost,
        home,
        isPerson: (request, sessionToken) => {
          const presented = request.headers[SERVICE_TOKEN_HEADER_NAME];
          if (typeof presented === 'string' && tokenMatches(adminToken, presented)) return true;
          return sessionToken !== undefined && sessions.isLive(sessionToken);
        },
      }),
      fleetRoutes(fleetSignIn),
    ],
  });
  const connections = connectionLimitsFor(openFiles.soft ?? ASSUMED_FILE_DESCRIPTOR_LIMIT);
  keepConnectionSlots(app.server, connections.maxConnections);
  await app.listen({ host: '127.0.0.1', port, backlog: connections.backlog });
  port = (app.server.address() as AddressInfo).port;
  const url = daemonUrl();
  writeDaemonFile(home, { url, pid: process.pid, startedAt, publicKey: identity.publicKey });
  app.log.info(
    { url, version: options.version ?? 'dev', pid: process.pid, openFiles, connections },
    'ssg daemon listening',
  );
  if (regexBounds !== undefined) app.log.error({ regexBounds }, 'regex time bounds do not hold in this runtime');
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    token,
    adminToken,
    app,
    events,
    budget,
    audit,
    approvals,
    dashboardLink: () => signInUrl(url, tickets.issue().ticket),
    close: () =>
      (closing ??= (async () => {
        // Waiting ASKs get their default first, so their evaluations finish (and are audited) before the server stops.
        approvals.close();
        app.log.info('ssg daemon stopping');
        await app.close();
        await fleetSignIn.close();
        terminalHost.close();
        await costIngestion.stop();
        spoolIngestion.stop();
        sleepMode.stop();
        rules.close();
        budget.close();
        await retention.stop();
        auditStore.close();
        removeDaemonFile(home, process.pid);
        await log.close();
      })()),
  };
}
