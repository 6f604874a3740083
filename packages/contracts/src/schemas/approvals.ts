// The approval queue on the wire (GET /api/json/approvals, POST /api/json/approvals/:id, the live `approval`
// event): the schemas the daemon validates and serializes with, and the source of the types in ../approvals.ts.
import { type Static, Type } from 'typebox';
import { APPROVAL_ID_PATTERN, MAX_APPROVAL_NOTE_CHARS } from '../approvals';
import { StringEnum } from './json-schema';
import { SummarizedCallProperties } from './summarized-call';

export const ApprovalAnswer = StringEnum(['allow', 'deny']);

/** Who answered: a person in the dashboard or with the CLI. */
export const ApprovalChannel = StringEnum(['dashboard', 'cli']);

/**
 * How a request ended: a person answered, nobody did in time, the daemon stopped first, or the hook that asked
 * stopped waiting (its host gave up on it), so nobody's answer could reach the call any more: it is blocked.
 */
export const ApprovalSettler = StringEnum(['dashboard', 'cli', 'timeout', 'shutdown', 'abandoned']);

export const PendingApproval = Type.Object({
  id: Type.String(),
  ...SummarizedCallProperties,
  ruleId: Type.Optional(Type.String()),
  /** The rule's PROMPT: the question to answer. */
  prompt: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  createdAt: Type.Integer(),
  /** When the default answer applies, ms since the epoch. */
  expiresAt: Type.Integer(),
});

export const ApprovalList = Type.Object({
  pending: Type.Array(PendingApproval),
  timeoutMs: Type.Integer(),
  /** What an unanswered request becomes. */
  defaultDecision: ApprovalAnswer,
});

export const ApprovalParams = Type.Object({ id: Type.String({ pattern: APPROVAL_ID_PATTERN }) });

export const ApprovalAnswerRequest = Type.Object(
  {
    decision: ApprovalAnswer,
    /** Passed to the agent with the decision. */
    note: Type.Optional(Type.String({ maxLength: MAX_APPROVAL_NOTE_CHARS })),
    /** dashboard when absent. */
    via: Type.Optional(ApprovalChannel),
  },
  { additionalProperties: false },
);

const resolutionProperties = {
  decision: StringEnum(['allow', 'block']),
  answeredBy: ApprovalSettler,
  /** What the agent is told, e.g. "Approved by you in the dashboard". */
  message: Type.String(),
};

export const ApprovalResolution = Type.Object(resolutionProperties);

export const ApprovalAnswerResponse = Type.Object({ approval: PendingApproval, ...resolutionProperties });

/** The `approval` event of the live stream (GET /api/json/events). */
export const ApprovalEvent = Type.Union([
  Type.Object({ type: Type.Literal('created'), approval: PendingApproval }),
  Type.Object({
    type: StringEnum(['answered', 'expired']),
    approval: PendingApproval,
    resolution: ApprovalResolution,
  }),
]);

export type ApprovalAnswer = Static<typeof ApprovalAnswer>;
export type ApprovalChannel = Static<typeof ApprovalChannel>;
export type ApprovalSettler = Static<typeof ApprovalSettler>;
export type PendingApproval = Static<typeof PendingApproval>;
export type ApprovalList = Static<typeof ApprovalList>;
export type ApprovalAnswerRequest = Static<typeof ApprovalAnswerRequest>;
export type ApprovalResolution = Static<typeof ApprovalResolution>;
export type ApprovalAnswerResponse = Static<typeof ApprovalAnswerResponse>;
export type ApprovalEvent = Static<typeof ApprovalEvent>;
