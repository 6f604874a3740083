// Every route of the daemon's JSON API, by `<METHOD> <url>`: what it does, which credential it needs, and its
// schemas. The daemon declares each route from its entry here (so what it validates and serializes is what this
// table says), the typed client takes its types from it (../routes.ts), and docs/api-reference.md is generated
// from it (`npm run docs:api`).
import { APPROVALS_PATH } from '../approvals';
import { AUDIT_PATH, AUDIT_STATS_PATH } from '../audit';
import { BUDGET_HISTORY_PATH, BUDGET_PATH } from '../budget';
import { COST_INGESTION_PATH } from '../costs';
import {
  AGENTS_PATH,
  DASHBOARD_LOGOUT_PATH,
  DASHBOARD_SESSIONS_PATH,
  DASHBOARD_TICKETS_PATH,
  RULES_PATH,
} from '../dashboard';
import { EVAL_PATH } from '../eval';
import { EVENTS_PATH } from '../events';
import { FLEET_LOGIN_PATH, FLEET_LOGOUT_PATH, FLEET_REFRESH_PATH, FLEET_STATUS_PATH } from '../fleet-sign-in';
import { HEALTH_PATH } from '../health';
import { SLEEP_MODE_PATH } from '../sleep-mode';
import {
  TERMINAL_ACCOUNTS_PATH,
  TERMINAL_SESSIONS_PATH,
  TERMINAL_SETTINGS_PATH,
  TERMINAL_USAGE_PATH,
} from '../terminal';
import { ApprovalAnswerRequest, ApprovalAnswerResponse, ApprovalList, ApprovalParams } from './approvals';
import { AuditPage, AuditQueryString, AuditRecord, AuditRecordParams, AuditStats } from './audit';
import { BudgetHistoryQuery, BudgetHistoryResponse, BudgetResponse, BudgetUpdate } from './budget';
import { IngestionStatus } from './costs';
import {
  AgentChangeRequest,
  AgentChangeResponse,
  AgentParams,
  AgentsQuery,
  AgentsResponse,
  DashboardSession,
  DashboardSignIn,
  DashboardTicket,
  EmptyBody,
  LogoutResponse,
  RulesQuery,
  RulesResponse,
} from './dashboard';
import { EvalRequest, EvalResponse } from './eval';
import {
  FleetLoginProgress,
  FleetLoginRequest,
  FleetLoginStarted,
  FleetRefreshResult,
  FleetStatus,
} from './fleet-sign-in';
import { Health } from './health';
import { NoQuery } from './json-schema';
import { SleepModeRequest, SleepModeResponse } from './sleep-mode';
import {
  AccountParams,
  ClaudeAccountInfo,
  ClaudeAccountList,
  NewAccountRequest,
  NewPaneRequest,
  PaneInfo,
  PaneList,
  PaneParams,
  SwitchAccountRequest,
  TerminalSettings,
  TerminalSettingsUpdate,
  UsageResponse,
} from './terminal';

/**
 * Who may call a route. `hook`: the hooks' credential (`<home>/daemon.token`), which every process of the user can
 * read, agents included — so it evaluates calls and reads state, nothing more. `admin`: what a person proves
 * (the admin credential, held by the OS keychain or `<home>/admin.token`, or a dashboard session) — everything
 * that lowers protection or answers for a person: Sleep at Night's switch, the spending limits, approvals,
 * dashboard sign-in links, installing and uninstalling hosts. An admin credential may call every `hook` route.
 */
export type RouteAccess = 'public' | 'hook' | 'admin';

export const DAEMON_ROUTES = {
  [`GET ${HEALTH_PATH}`]: {
    summary: 'Whether a daemon answers here: its version, pid and start time. Needs no credential.',
    access: 'public',
    schema: { response: { 200: Health } },
  },
  [`POST ${EVAL_PATH}`]: {
    summary: "The hooks' route: a tool call, parsed by its host's adapter, in; the verdict out.",
    access: 'hook',
    schema: { body: EvalRequest, response: { 200: EvalResponse } },
  },
  [`GET ${SLEEP_MODE_PATH}`]: {
    summary: "Sleep at Night's state and its layers.",
    access: 'hook',
    schema: { querystring: NoQuery, response: { 200: SleepModeResponse } },
  },
  [`POST ${SLEEP_MODE_PATH}`]: {
    summary: 'Arms Sleep at Night (for a time, or until turned off) or turns it off.',
    access: 'admin',
    schema: { body: SleepModeRequest, querystring: NoQuery, response: { 200: SleepModeResponse } },
  },
  [`GET ${BUDGET_PATH}`]: {
    summary: 'The spending limits in force, and the spend in every window.',
    access: 'hook',
    schema: { querystring: NoQuery, response: { 200: BudgetResponse } },
  },
  [`POST ${BUDGET_PATH}`]: {
    summary: 'Replaces the spending limits with a whole new document (409 when updatedAt is stale).',
    access: 'admin',
    schema: { body: BudgetUpdate, querystring: NoQuery, response: { 200: BudgetResponse } },
  },
  [`GET ${BUDGET_HISTORY_PATH}`]: {
    summary: 'Calls and dollars per hour and client, for the last `hours` (1 to 168, default 24).',
    access: 'hook',
    schema: { querystring: BudgetHistoryQuery, response: { 200: BudgetHistoryResponse } },
  },
  [`GET ${AUDIT_PATH}`]: {
    summary: 'The audit log, filtered, newest first, paged with a `before` cursor.',
    access: 'hook',
    schema: { querystring: AuditQueryString, response: { 200: AuditPage } },
  },
  [`GET ${AUDIT_STATS_PATH}`]: {
    summary: 'Decisions counted for the last hour, today and the last 7 days; the log’s size and health.',
    access: 'hook',
    schema: { querystring: NoQuery, response: { 200: AuditStats } },
  },
  [`GET ${AUDIT_PATH}/:id`]: {
    summary: 'One audit record in full, with the conditions that matched.',
    access: 'hook',
    schema: { params: AuditRecordParams, querystring: NoQuery, response: { 200: AuditRecord } },
  },
  [`GET ${APPROVALS_PATH}`]: {
    summary: 'The ASK requests waiting for an answer.',
    access: 'hook',
    schema: { querystring: NoQuery, response: { 200: ApprovalList } },
  },
  [`POST ${APPROVALS_PATH}/:id`]: {
    summary: 'Answers one waiting request (404 unknown or expired, 409 already answered).',
    access: 'admin',
    schema: {
      params: ApprovalParams,
      querystring: NoQuery,
      body: ApprovalAnswerRequest,
      response: { 200: ApprovalAnswerResponse },
    },
  },
  [`GET ${EVENTS_PATH}`]: {
    summary: 'The live stream (server-sent events): decision, approval, sleep-mode, budget, rules.',
    access: 'hook',
    schema: { querystring: NoQuery },
  },
  [`GET ${COST_INGESTION_PATH}`]: {
    summary: "How cost ingestion from the agents' logs is doing.",
    access: 'hook',
    schema: { querystring: NoQuery, response: { 200: IngestionStatus } },
  },
  [`POST ${DASHBOARD_TICKETS_PATH}`]: {
    summary: 'A one-time sign-in link for the dashboard (valid 60 s).',
    access: 'admin',
    schema: { body: EmptyBody, response: { 200: DashboardTicket } },
  },
  [`POST ${DASHBOARD_SESSIONS_PATH}`]: {
    summary: "Trades a sign-in link's ticket, once, for a dashboard session token; only from the daemon's own origin.",
    access: 'public',
    schema: { body: DashboardSignIn, response: { 200: DashboardSession } },
  },
  [`POST ${DASHBOARD_LOGOUT_PATH}`]: {
    summary: "Ends the dashboard session named by the request's `Authorization: Bearer` header.",
    access: 'hook',
    schema: { body: EmptyBody, response: { 200: LogoutResponse } },
  },
  [`GET ${RULES_PATH}`]: {
    summary: 'The rule files a call in `cwd` meets, with their findings, and the Sleep at Night bundle.',
    access: 'hook',
    schema: { querystring: RulesQuery, response: { 200: RulesResponse } },
  },
  [`GET ${AGENTS_PATH}`]: {
    summary: 'Every adapter: detected here, installed for `projectDir`, and why not.',
    access: 'hook',
    schema: { querystring: AgentsQuery, response: { 200: AgentsResponse } },
  },
  [`POST ${AGENTS_PATH}/:name`]: {
    summary: 'Installs or uninstalls one host for a project, as `ssg init`/`ssg uninstall` do.',
    access: 'admin',
    schema: { params: AgentParams, body: AgentChangeRequest, response: { 200: AgentChangeResponse } },
  },
  // The multi-account terminal (spec: Dashboard terminal API): a person's, and a subscriber's (402 without one).
  [`GET ${TERMINAL_ACCOUNTS_PATH}`]: {
    summary: 'The Claude accounts of the terminal: the machine’s own login first, then those added.',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: ClaudeAccountList } },
  },
  [`POST ${TERMINAL_ACCOUNTS_PATH}`]: {
    summary: 'Adds an account (an empty config folder linked to ~/.claude); sign in to it with …/<id>/login.',
    access: 'admin',
    schema: { querystring: NoQuery, body: NewAccountRequest, response: { 200: ClaudeAccountInfo } },
  },
  [`DELETE ${TERMINAL_ACCOUNTS_PATH}/:id`]: {
    summary:
      'Removes an account: its folder, login included, is moved aside, never deleted (409 while a pane uses it).',
    access: 'admin',
    schema: { params: AccountParams, querystring: NoQuery, response: { 200: ClaudeAccountInfo } },
  },
  [`GET ${TERMINAL_USAGE_PATH}`]: {
    summary: 'Each account’s 5-hour and 7-day windows, its limit, and the earliest reset when all are limited.',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: UsageResponse } },
  },
  [`GET ${TERMINAL_SETTINGS_PATH}`]: {
    summary: 'The stagger, auto-switch and usage-reading settings.',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: TerminalSettings } },
  },
  [`PUT ${TERMINAL_SETTINGS_PATH}`]: {
    summary: 'Changes the groups of settings the body names (400 with a message for a value out of range).',
    access: 'admin',
    schema: { querystring: NoQuery, body: TerminalSettingsUpdate, response: { 200: TerminalSettings } },
  },
  [`POST ${TERMINAL_ACCOUNTS_PATH}/:id/login`]: {
    summary: 'Opens a pane running `claude auth login` for the account.',
    access: 'admin',
    schema: { params: AccountParams, querystring: NoQuery, response: { 200: PaneInfo } },
  },
  [`GET ${TERMINAL_SESSIONS_PATH}`]: {
    summary: 'The open panes.',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: PaneList } },
  },
  [`POST ${TERMINAL_SESSIONS_PATH}`]: {
    summary: 'Opens a pane: Claude Code on an account (default: the first in the pick order) or a shell.',
    access: 'admin',
    schema: { querystring: NoQuery, body: NewPaneRequest, response: { 200: PaneInfo } },
  },
  [`DELETE ${TERMINAL_SESSIONS_PATH}/:id`]: {
    summary: 'Closes a pane and ends its process.',
    access: 'admin',
    schema: { params: PaneParams, querystring: NoQuery, response: { 200: PaneInfo } },
  },
  [`POST ${TERMINAL_SESSIONS_PATH}/:id/claude-account`]: {
    summary: 'Moves the pane’s conversation to another account: the agent exits and resumes there.',
    access: 'admin',
    schema: { params: PaneParams, querystring: NoQuery, body: SwitchAccountRequest, response: { 200: PaneInfo } },
  },
  // Signing this machine in to the organization's fleet (spec: CLI SSO), from the dashboard: a person's.
  [`GET ${FLEET_STATUS_PATH}`]: {
    summary:
      'This machine’s fleet sign-in: fleet, organization, email, role, tier, licence and session expiry (never a token).',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: FleetStatus } },
  },
  [`POST ${FLEET_LOGIN_PATH}`]: {
    summary:
      'Starts `ssg auth login --sso` in the daemon and answers the provider’s URL at once; the login finishes in the background (409 while one waits or port 8399 is taken).',
    access: 'admin',
    schema: { querystring: NoQuery, body: FleetLoginRequest, response: { 200: FleetLoginStarted } },
  },
  [`GET ${FLEET_LOGIN_PATH}`]: {
    summary: 'How the last login is doing: idle, waiting (with the provider’s URL), signed-in, or failed and why.',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: FleetLoginProgress } },
  },
  [`DELETE ${FLEET_LOGIN_PATH}`]: {
    summary: 'Cancels the login that waits at the provider (frees port 8399).',
    access: 'admin',
    schema: { querystring: NoQuery, response: { 200: FleetLoginProgress } },
  },
  [`POST ${FLEET_LOGOUT_PATH}`]: {
    summary: 'Signs out: the fleet session ends, the tokens and the SSO licence leave the keychain and hosts.toml.',
    access: 'admin',
    schema: { querystring: NoQuery, body: EmptyBody, response: { 200: FleetStatus } },
  },
  [`POST ${FLEET_REFRESH_PATH}`]: {
    summary: 'Asks the fleet for the licence again (`ssg auth refresh`): the tier before, and the status after.',
    access: 'admin',
    schema: { querystring: NoQuery, body: EmptyBody, response: { 200: FleetRefreshResult } },
  },
} as const satisfies Record<string, { summary: string; access: RouteAccess; schema: object }>;

export type DaemonRouteSchemas = typeof DAEMON_ROUTES;
