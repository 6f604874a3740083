// The multi-account terminal on the wire: the dashboard terminal API (/api/terminal/…, spec "Dashboard terminal
// API") and the messages of the pane socket (one WebSocket per window, every pane's I/O multiplexed on it). The
// daemon validates both with these schemas and relays them to the pty host (terminal/), which speaks the same
// messages. docs/terminal.md describes every field.
import { type Static, Type } from 'typebox';
import { MAX_INPUT_CHARS } from '../terminal';
import { NullableInteger, NullableString, StringEnum } from './json-schema';

/** Pane and account ids: short, printable, safe in a path segment. */
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' });

const Columns = Type.Integer({ minimum: 2, maximum: 1_000 });
const Rows = Type.Integer({ minimum: 1, maximum: 500 });

export const PaneKind = StringEnum(['claude', 'login', 'shell']);

export const PaneInfo = Type.Object({
  id: Id,
  /** claude: a Claude Code conversation; login: `claude auth login` for an account; shell: the user's shell. */
  kind: PaneKind,
  title: Type.String(),
  cwd: Type.String(),
  /** The account the pane's agent runs as; null for a shell. */
  accountId: NullableString(),
  /** The Claude Code conversation the pane runs (kept across a switch), once known. */
  claudeSessionId: NullableString(),
  /** switching: the agent is being exited to resume on another account. */
  state: StringEnum(['running', 'switching', 'exited']),
  exitCode: NullableInteger(),
  cols: Type.Integer(),
  rows: Type.Integer(),
  createdAt: Type.Integer(),
});

export const PaneList = Type.Object({ panes: Type.Array(PaneInfo) });

export const NewPaneRequest = Type.Object(
  {
    kind: Type.Optional(StringEnum(['claude', 'shell'])),
    /** An absolute folder; default the user's home. */
    cwd: Type.Optional(Type.String({ minLength: 1, maxLength: 4_096 })),
    /** An account id, or "auto" (default): the first in the pick order. */
    accountId: Type.Optional(Id),
    cols: Type.Optional(Columns),
    rows: Type.Optional(Rows),
  },
  { additionalProperties: false },
);

export const PaneParams = Type.Object({ id: Id });

export const SwitchAccountRequest = Type.Object({ accountId: Id }, { additionalProperties: false });

export const ClaudeAccountInfo = Type.Object({
  id: Id,
  name: Type.String(),
  /** The machine's own login: runs with CLAUDE_CONFIG_DIR unset. */
  isDefault: Type.Boolean(),
  /** The account's e-mail as Claude Code recorded it at sign-in; never a token. */
  email: NullableString(),
  loggedIn: Type.Boolean(),
  /** null for the default account. */
  configDir: NullableString(),
  /** What is wrong with the account's folder or links, in words. */
  problems: Type.Array(Type.String()),
});

export const ClaudeAccountList = Type.Object({ accounts: Type.Array(ClaudeAccountInfo) });

export const NewAccountRequest = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const AccountParams = Type.Object({ id: Id });

const UsageWindowInfo = Type.Object({
  /** Percent of the window used (0–100, can exceed 100). */
  usedPercent: Type.Number(),
  /** When the window resets (ms since the epoch); null when it has not started. */
  resetsAt: NullableInteger(),
});

export const AccountUsageInfo = Type.Object({
  accountId: Id,
  /** The 5-hour window as of now (a window whose reset passed reads as not started); null when unknown. */
  fiveHour: Type.Union([UsageWindowInfo, Type.Null()]),
  sevenDay: Type.Union([UsageWindowInfo, Type.Null()]),
  source: NullableString(),
  observedAt: NullableInteger(),
  /** Why the values are last-known ones rather than fresh. */
  stale: NullableString(),
  /** The account hit its limit and is skipped until then (ms since the epoch). */
  limitedUntil: NullableInteger(),
});

export const UsageResponse = Type.Object({
  accounts: Type.Array(AccountUsageInfo),
  /** Every account is limited: the earliest reset (for the banner); null otherwise. */
  allLimitedUntil: NullableInteger(),
});

export const StaggerSettings = Type.Object(
  {
    enabled: Type.Boolean(),
    gapMinutes: Type.Integer({ minimum: 15, maximum: 300 }),
  },
  { additionalProperties: false },
);

export const AutoSwitchSettings = Type.Object(
  {
    enabled: Type.Boolean(),
    /** Sent as the first message of the resumed conversation on the next account. */
    continuePrompt: Type.String({ minLength: 1, maxLength: 2_000 }),
  },
  { additionalProperties: false },
);

export const TerminalSettings = Type.Object(
  {
    stagger: StaggerSettings,
    autoSwitch: AutoSwitchSettings,
    /** Read each account's usage from Anthropic's usage endpoint with its own token (opt-in). */
    usageApi: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** PUT: the spec's `{stagger: {enabled, gapMinutes}}`, and the other groups when they change too. */
export const TerminalSettingsUpdate = Type.Object(
  {
    stagger: Type.Optional(StaggerSettings),
    autoSwitch: Type.Optional(AutoSwitchSettings),
    usageApi: Type.Optional(Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false })),
  },
  { additionalProperties: false, minProperties: 1 },
);

// The pane socket. Output travels as text (already UTF-8 decoded on whole characters); the window acknowledges
// the characters it has rendered, and the pty host pauses a pane whose slowest window falls behind.

const Chars = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });

export const SocketClientMessage = Type.Union([
  Type.Object({ type: Type.Literal('attach'), paneId: Id }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('detach'), paneId: Id }, { additionalProperties: false }),
  Type.Object(
    { type: Type.Literal('input'), paneId: Id, data: Type.String({ maxLength: MAX_INPUT_CHARS }) },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('resize'), paneId: Id, cols: Columns, rows: Rows }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('ack'), paneId: Id, chars: Chars }, { additionalProperties: false }),
]);

export const SocketServerMessage = Type.Union([
  /** The pane's screen and scrollback as escape sequences, sent on attach before any output. */
  Type.Object({
    type: Type.Literal('snapshot'),
    paneId: Id,
    data: Type.String(),
    cols: Type.Integer(),
    rows: Type.Integer(),
  }),
  Type.Object({ type: Type.Literal('output'), paneId: Id, data: Type.String() }),
  /** A pane was opened or changed (account, session, state). */
  Type.Object({ type: Type.Literal('pane'), pane: PaneInfo }),
  Type.Object({ type: Type.Literal('pane-closed'), paneId: Id }),
  Type.Object({ type: Type.Literal('usage'), usage: UsageResponse }),
  /** Something the user should know (a switch happened, every account is limited). */
  Type.Object({
    type: Type.Literal('notice'),
    level: StringEnum(['info', 'warning']),
    message: Type.String(),
    paneId: Type.Optional(Id),
  }),
  Type.Object({ type: Type.Literal('error'), message: Type.String() }),
]);

export type PaneInfo = Static<typeof PaneInfo>;
export type PaneList = Static<typeof PaneList>;
export type NewPaneRequest = Static<typeof NewPaneRequest>;
export type SwitchAccountRequest = Static<typeof SwitchAccountRequest>;
export type ClaudeAccountInfo = Static<typeof ClaudeAccountInfo>;
export type ClaudeAccountList = Static<typeof ClaudeAccountList>;
export type NewAccountRequest = Static<typeof NewAccountRequest>;
export type AccountUsageInfo = Static<typeof AccountUsageInfo>;
export type UsageResponse = Static<typeof UsageResponse>;
export type TerminalSettings = Static<typeof TerminalSettings>;
export type TerminalSettingsUpdate = Static<typeof TerminalSettingsUpdate>;
export type SocketClientMessage = Static<typeof SocketClientMessage>;
export type SocketServerMessage = Static<typeof SocketServerMessage>;
