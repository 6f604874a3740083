// The hooks' route on the wire (POST /api/json/eval): the schemas the daemon validates and serializes with, and
// the source of the types in ../eval.ts. Strict on purpose: a hook that sends something else has a bug worth a
// 400, and nothing of a rejected request reaches the ledger or the audit log.
import { CAPABILITIES, DECISIONS, type Operator } from '@ssg/engine';
import { type Static, Type } from 'typebox';
import { CLIENT_NAME_PATTERN } from '../budget';
import { MAX_CWD_LENGTH, MAX_NAME_LENGTH } from '../eval-limits';
import { StringEnum } from './json-schema';

/** The engine's ToolCall, as parsed by the host's adapter in the hook. */
export const ToolCall = Type.Object(
  {
    tool: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH }),
    input: Type.Unsafe<Record<string, unknown>>({ type: 'object' }),
    capability: StringEnum(CAPABILITIES),
    client: Type.String({ pattern: CLIENT_NAME_PATTERN }),
    cwd: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CWD_LENGTH })),
    sessionId: Type.Optional(Type.String({ maxLength: MAX_NAME_LENGTH })),
  },
  { additionalProperties: false },
);

export const EvalRequest = Type.Object(
  {
    call: ToolCall,
    /**
     * Whether the host can ask its user itself (Claude Code, Copilot). When it cannot, the daemon holds an ASK in
     * its approval queue until someone answers in the dashboard or with `ssg approve|deny`, or it times out.
     */
    askSupported: Type.Boolean(),
    /**
     * Claude Code's hook: the session has had five denials in a row, so a denial the circuit breaker may override
     * (not self-protection, Sleep at Night, a spending cap or an `# override: never` rule) is let through, and
     * recorded as allowed by the breaker.
     */
    breakerDue: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * rules: the rule engine; budget: a spending cap (enforce mode); approval: a person, or the approval timeout;
 * breaker: the circuit breaker let a call through that `ruleId` denied; hook: the hook blocked the call on its own
 * (fail-closed with the daemon unreachable, or a call over the daemon's limits), recorded later from its spool.
 */
export const DecidedBy = StringEnum(['rules', 'budget', 'approval', 'breaker', 'hook']);

export const MatchedCondition = Type.Object({
  field: Type.String(),
  op: Type.Unsafe<Operator>({ type: 'string' }),
  negated: Type.Boolean(),
  value: Type.String(),
  view: Type.Optional(Type.String()),
});

/** The engine's EvalResult plus what only the daemon knows: who decided, a spending warning, the audit record. */
export const EvalResponse = Type.Object({
  decision: StringEnum(DECISIONS),
  decidedBy: DecidedBy,
  ruleId: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  prompt: Type.Optional(Type.String()),
  substitute: Type.Optional(Type.String()),
  /** The circuit breaker may never override this denial (see DecidedBy). */
  neverOverride: Type.Optional(Type.Literal(true)),
  /** For the agent, the call still runs: a spending cap is near (warn mode). */
  warning: Type.Optional(Type.String()),
  matched: Type.Array(MatchedCondition),
  durationMs: Type.Number(),
  /** The audit record of this evaluation. */
  auditId: Type.Integer(),
});

export type EvalRequest = Static<typeof EvalRequest>;
export type DecidedBy = Static<typeof DecidedBy>;
export type EvalResponse = Static<typeof EvalResponse>;
