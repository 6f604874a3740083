// The live stream's events (GET /api/json/events, server-sent events `event: <name>`, `data: <json>`): one schema
// per event, the source of the types in ../events.ts. The whole-state events carry what the matching GET
// answers, so a dashboard can apply them as they come.
import { type Static, Type } from 'typebox';
import { ApprovalEvent } from './approvals';
import { AuditRecord } from './audit';
import { BudgetResponse } from './budget';
import { RuleFileDiagnostic } from './dashboard';
import { SleepModeResponse } from './sleep-mode';

/** Rule files were reloaded: which, how many rules, and what the parser, linter and compiler found. */
export const RulesReloaded = Type.Object({
  files: Type.Array(Type.String()),
  rules: Type.Integer(),
  diagnostics: Type.Array(Type.Object({ ...RuleFileDiagnostic.properties, file: Type.String() })),
});

export const LiveEvents = {
  /** A tool call was decided: its audit record. */
  decision: AuditRecord,
  /** An ASK is waiting, or was answered or timed out. */
  approval: ApprovalEvent,
  /** Sleep at Night changed state: what GET /api/json/sleep-mode answers now. */
  'sleep-mode': SleepModeResponse,
  /** The budget configuration changed: what GET /api/json/budget answers now. */
  budget: BudgetResponse,
  rules: RulesReloaded,
};

export type RulesReloaded = Static<typeof RulesReloaded>;

export type LiveEventMap = { [Name in keyof typeof LiveEvents]: Static<(typeof LiveEvents)[Name]> };
