// The daemon's approval queue (GET /api/json/approvals, POST /api/json/approvals/:id): path, limits and types,
// shared by the daemon and `ssg approvals|approve|deny`. An ASK on a host that cannot ask its user waits there
// until someone answers or it times out. The types come from schemas/approvals.ts; this module loads no schema
// library.
export const APPROVALS_PATH = '/api/json/approvals';

/** 8 characters of RFC 4648 base32, lower case. */
export const APPROVAL_ID_PATTERN = '^[a-z2-7]{8}$';

export const MAX_APPROVAL_NOTE_CHARS = 500;

export type {
  ApprovalAnswer,
  ApprovalAnswerRequest,
  ApprovalAnswerResponse,
  ApprovalChannel,
  ApprovalEvent,
  ApprovalList,
  ApprovalResolution,
  ApprovalSettler,
  PendingApproval,
} from './schemas/approvals';
