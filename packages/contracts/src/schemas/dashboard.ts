// The dashboard's own routes on the wire (sign-in tickets and sessions, the Rules and Agents pages): the schemas
// the daemon validates and serializes with, and the source of the types in ../dashboard.ts. docs/daemon-api.md
// describes every field.
import type { Decision, Severity, Target } from '@ssg/engine';
import { type Static, Type } from 'typebox';

/** Longest path accepted: beyond any file system's limit, so only hostile input is refused by it. */
export const MAX_PATH_LENGTH = 4096;

/** A folder named in a request (`cwd`, `projectDir`); the daemon checks it is absolute and exists. */
const Folder = Type.String({ minLength: 1, maxLength: MAX_PATH_LENGTH });

/** The body of POST /api/json/dashboard/tickets and /logout: these routes take no input, so it must be `{}`. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/** POST /api/json/dashboard/tickets: a one-time sign-in link. */
export const DashboardTicket = Type.Object({
  /** `<daemon url>/#ticket=…`: works once, until `expiresAt`. */
  url: Type.String(),
  /** ms since the epoch. */
  expiresAt: Type.Integer(),
});

/** POST /api/json/dashboard/sessions: the ticket from the link's fragment, traded by the dashboard page. */
export const DashboardSignIn = Type.Object(
  { ticket: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);

/** The tab's session: sent as `Authorization: Bearer <token>`, never as a cookie. */
export const DashboardSession = Type.Object({
  token: Type.String(),
  /** ms since the epoch. */
  expiresAt: Type.Integer(),
});

export const LogoutResponse = Type.Object({ ok: Type.Boolean() });

export const RulesQuery = Type.Object({ cwd: Type.Optional(Folder) }, { additionalProperties: false });

export const RuleSummary = Type.Object({
  id: Type.String(),
  decision: Type.Unsafe<Decision>({ type: 'string' }),
  target: Type.Unsafe<Target>({ type: 'string' }),
  priority: Type.Number(),
  severity: Type.Unsafe<Severity>({ type: 'string' }),
  message: Type.Optional(Type.String()),
  enabled: Type.Boolean(),
});

export const RuleFileDiagnostic = Type.Object({
  severity: Type.Unsafe<'error' | 'warning'>({ type: 'string' }),
  code: Type.String(),
  message: Type.String(),
  line: Type.Integer(),
  column: Type.Integer(),
  ruleId: Type.Optional(Type.String()),
});

export const RuleFileSummary = Type.Object({
  path: Type.String(),
  /** For a project's rules: the file in the project's `.ssg/rules` that `path`, its accepted copy, was taken from. */
  acceptedFrom: Type.Optional(Type.String()),
  rules: Type.Array(RuleSummary),
  diagnostics: Type.Array(RuleFileDiagnostic),
});

/** How the project's own rules stand: a live folder applies only once a person accepted it (`ssg trust`). */
export const ProjectRulesStatus = Type.Object({
  state: Type.Union([
    Type.Literal('none'),
    Type.Literal('untrusted'),
    Type.Literal('accepted'),
    Type.Literal('changed'),
  ]),
  /** The live `.ssg/rules` folder (absent for `none`). */
  folder: Type.Optional(Type.String()),
});

export const SleepBundleRule = Type.Object({
  id: Type.String(),
  /** The rule's `# category:` (one security category each). */
  category: Type.String(),
  decision: Type.Unsafe<Decision>({ type: 'string' }),
  message: Type.String(),
});

/** GET /api/json/rules?cwd=<absolute folder>. */
export const RulesResponse = Type.Object({
  /** The rule files a call in `cwd` meets, in the order they load. */
  files: Type.Array(RuleFileSummary),
  projectRules: ProjectRulesStatus,
  /** The 10 rules Sleep at Night arms. */
  sleepBundle: Type.Array(SleepBundleRule),
});

/** Whether one adapter's host is detected here and wired to ssg for a project (`ssg doctor` prints the same). */
export const AdapterHealth = Type.Object({
  name: Type.String(),
  detected: Type.Boolean(),
  installed: Type.Boolean(),
  problems: Type.Array(Type.String()),
  /** For hosts with scopes (claude-code): which sessions the installed hook covers. */
  covers: Type.Optional(Type.String()),
});

export const AgentsQuery = Type.Object({ projectDir: Type.Optional(Folder) }, { additionalProperties: false });

/** GET /api/json/agents?projectDir=<absolute folder>: the same report as `ssg doctor --json`'s adapters. */
export const AgentsResponse = Type.Object({ projectDir: Type.String(), agents: Type.Array(AdapterHealth) });

export const AgentParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });

export const InstallAction = Type.Unsafe<'install' | 'uninstall'>({ type: 'string', enum: ['install', 'uninstall'] });

/** POST /api/json/agents/:name. */
export const AgentChangeRequest = Type.Object(
  { action: InstallAction, projectDir: Folder },
  { additionalProperties: false },
);

/** created/updated/removed: ssg wrote; unchanged: already as wanted; kept: not ssg's, left alone on purpose. */
export const FileAction = Type.Unsafe<'created' | 'updated' | 'removed' | 'unchanged' | 'kept'>({ type: 'string' });

export const FileChange = Type.Object({
  path: Type.String(),
  action: FileAction,
  /** Why, or what inside the file: "PreToolUse hook `ssg hook eval`". */
  note: Type.String(),
});

export const AgentChangeResponse = Type.Object({
  name: Type.String(),
  /** Whether any file was written or removed. */
  changed: Type.Boolean(),
  files: Type.Array(FileChange),
  manualSteps: Type.Array(Type.String()),
});

export type DashboardTicket = Static<typeof DashboardTicket>;
export type DashboardSignIn = Static<typeof DashboardSignIn>;
export type DashboardSession = Static<typeof DashboardSession>;
export type RuleSummary = Static<typeof RuleSummary>;
export type RuleFileDiagnostic = Static<typeof RuleFileDiagnostic>;
export type RuleFileSummary = Static<typeof RuleFileSummary>;
export type SleepBundleRule = Static<typeof SleepBundleRule>;
export type RulesResponse = Static<typeof RulesResponse>;
export type AdapterHealth = Static<typeof AdapterHealth>;
export type AgentsResponse = Static<typeof AgentsResponse>;
export type InstallAction = Static<typeof InstallAction>;
export type AgentChangeRequest = Static<typeof AgentChangeRequest>;
export type FileAction = Static<typeof FileAction>;
export type FileChange = Static<typeof FileChange>;
export type AgentChangeResponse = Static<typeof AgentChangeResponse>;
