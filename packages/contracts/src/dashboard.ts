// The wire format of the dashboard's own routes (the sign-in tickets, the Rules and Agents pages), shared by the
// daemon's routes, `ssg dashboard` and the renderer. docs/daemon-api.md describes every field.
import type { Decision, Severity, Target } from '@ssg/engine';

export const DASHBOARD_TICKETS_PATH = '/api/json/dashboard/tickets';
export const DASHBOARD_LOGOUT_PATH = '/api/json/dashboard/logout';
export const RULES_PATH = '/api/json/rules';
export const AGENTS_PATH = '/api/json/agents';

/** POST /api/json/dashboard/tickets: a one-time sign-in link. */
export interface DashboardTicket {
  /** `<daemon url>/login?ticket=…`: works once, until `expiresAt`. */
  url: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export interface RuleSummary {
  id: string;
  decision: Decision;
  target: Target;
  priority: number;
  severity: Severity;
  message?: string;
  enabled: boolean;
}

export interface RuleFileDiagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  line: number;
  column: number;
  ruleId?: string;
}

export interface RuleFileSummary {
  path: string;
  rules: RuleSummary[];
  diagnostics: RuleFileDiagnostic[];
}

export interface SleepBundleRule {
  id: string;
  /** The rule's `# category:` (one security category each). */
  category: string;
  decision: Decision;
  message: string;
}

/** GET /api/json/rules?cwd=<absolute folder>. */
export interface RulesResponse {
  /** The rule files a call in `cwd` meets, in the order they load. */
  files: RuleFileSummary[];
  /** The 10 rules Sleep at Night arms. */
  sleepBundle: SleepBundleRule[];
}

/** Whether one adapter's host is detected here and wired to ssg for a project (`ssg doctor` prints the same). */
export interface AdapterHealth {
  name: string;
  detected: boolean;
  installed: boolean;
  problems: string[];
}

export type InstallAction = 'install' | 'uninstall';

/** created/updated/removed: ssg wrote; unchanged: already as wanted; kept: not ssg's, left alone on purpose. */
export type FileAction = 'created' | 'updated' | 'removed' | 'unchanged' | 'kept';

export interface FileChange {
  readonly path: string;
  readonly action: FileAction;
  /** Why, or what inside the file: "PreToolUse hook `ssg hook eval`". */
  readonly note: string;
}

/** GET /api/json/agents?projectDir=<absolute folder>: the same report as `ssg doctor --json`'s adapters. */
export interface AgentsResponse {
  projectDir: string;
  agents: AdapterHealth[];
}

/** POST /api/json/agents/:name. */
export interface AgentChangeRequest {
  action: InstallAction;
  projectDir: string;
}

export interface AgentChangeResponse {
  name: string;
  /** Whether any file was written or removed. */
  changed: boolean;
  files: FileChange[];
  manualSteps: string[];
}
