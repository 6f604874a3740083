// The dashboard's own routes (the sign-in tickets and sessions, the Rules and Agents pages): paths and types,
// shared by the daemon's routes, `ssg dashboard` and the renderer. The types come from schemas/dashboard.ts; this
// module loads no schema library. docs/daemon-api.md describes every field.
export const DASHBOARD_TICKETS_PATH = '/api/json/dashboard/tickets';
export const DASHBOARD_SESSIONS_PATH = '/api/json/dashboard/sessions';
export const DASHBOARD_LOGOUT_PATH = '/api/json/dashboard/logout';
/** The key of the ticket in a sign-in link's fragment (`<daemon url>/#ticket=…`), which no browser sends anywhere. */
export const SIGN_IN_TICKET_KEY = 'ticket';
export const RULES_PATH = '/api/json/rules';
export const AGENTS_PATH = '/api/json/agents';

export type {
  AdapterHealth,
  AgentChangeRequest,
  AgentChangeResponse,
  AgentsResponse,
  DashboardSession,
  DashboardSignIn,
  DashboardTicket,
  FileAction,
  FileChange,
  InstallAction,
  RuleFileDiagnostic,
  RuleFileSummary,
  RulesResponse,
  RuleSummary,
  SleepBundleRule,
} from './schemas/dashboard';
