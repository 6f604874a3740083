// The wire format of the daemon's approval queue (GET /api/json/approvals, POST /api/json/approvals/:id), shared
// by the daemon and `ssg approvals|approve|deny`. An ASK on a host that cannot ask its user waits there until
// someone answers or it times out.
import type { SummarizedCall } from './summarized-call';

export const APPROVALS_PATH = '/api/json/approvals';

/** 8 characters of RFC 4648 base32, lower case. */
export const APPROVAL_ID_PATTERN = '^[a-z2-7]{8}$';

export const MAX_APPROVAL_NOTE_CHARS = 500;

export type ApprovalAnswer = 'allow' | 'deny';

/** Who answered: a person in the dashboard or with the CLI. */
export type ApprovalChannel = 'dashboard' | 'cli';

/** How a request ended: a person answered, nobody did in time, or the daemon stopped first. */
export type ApprovalSettler = ApprovalChannel | 'timeout' | 'shutdown';

export interface PendingApproval extends SummarizedCall {
  id: string;
  ruleId?: string;
  /** The rule's PROMPT: the question to answer. */
  prompt?: string;
  message?: string;
  createdAt: number;
  /** When the default answer applies, ms since the epoch. */
  expiresAt: number;
}

export interface ApprovalList {
  pending: PendingApproval[];
  timeoutMs: number;
  /** What an unanswered request becomes. */
  defaultDecision: ApprovalAnswer;
}

export interface ApprovalAnswerRequest {
  decision: ApprovalAnswer;
  /** Passed to the agent with the decision. */
  note?: string;
  /** dashboard when absent. */
  via?: ApprovalChannel;
}

export interface ApprovalResolution {
  decision: 'allow' | 'block';
  answeredBy: ApprovalSettler;
  /** What the agent is told, e.g. "Approved by you in the dashboard". */
  message: string;
}

export interface ApprovalAnswerResponse extends ApprovalResolution {
  approval: PendingApproval;
}

/** The `approval` event of the live stream (GET /api/json/events). */
export type ApprovalEvent =
  | { type: 'created'; approval: PendingApproval }
  | { type: 'answered' | 'expired'; approval: PendingApproval; resolution: ApprovalResolution };
