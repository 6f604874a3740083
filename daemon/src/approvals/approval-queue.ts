// ASK on a host that cannot ask its user: the call waits here until a person answers in the dashboard or with
// `ssg approve|deny <id>`, or until the timeout gives it the configured default (deny unless the user chose
// otherwise). Ids are short enough to type and random enough not to be guessed; answers to an unknown, expired or
// already answered id are refused with the reason, so a late click never changes a decision the agent already has.
import { randomBytes } from 'node:crypto';
import type {
  ApprovalAnswer,
  ApprovalChannel,
  ApprovalEvent,
  ApprovalResolution,
  ApprovalSettler,
  PendingApproval,
} from '@ssg/contracts/approvals';
import { summarizeCall } from '../audit/input-summary';
import type { Clock } from '../clock';
import type { DaemonEvents } from '../events';
import type { ApprovalGate, ApprovalOutcome, ApprovalRequest } from '../evaluation/ports';

export const DEFAULT_APPROVAL_TIMEOUT_MS = 60_000;

/** Requests held at once; beyond that an ASK gets the default at once (an agent in a loop must not eat memory). */
export const MAX_PENDING_APPROVALS = 1000;

/** Settled ids remembered, so that a late answer hears "expired" or "already answered" rather than "unknown". */
const REMEMBERED_SETTLED = 1000;

export interface ApprovalQueueOptions {
  clock: Clock;
  events: DaemonEvents;
  timeoutMs?: number;
  /** What an unanswered request becomes; deny unless the user chose otherwise. */
  defaultAnswer?: ApprovalAnswer;
}

export interface AnswerRequest {
  decision: ApprovalAnswer;
  note?: string;
  via: ApprovalChannel;
}

export type AnswerResult =
  | { kind: 'answered'; approval: PendingApproval; resolution: ApprovalResolution }
  | { kind: 'unknown' }
  | { kind: 'expired' | 'already-answered'; approval: PendingApproval; resolution: ApprovalResolution };

interface Waiting {
  approval: PendingApproval;
  settle: (resolution: ApprovalResolution) => void;
}

export class ApprovalQueue implements ApprovalGate {
  readonly timeoutMs: number;
  readonly defaultAnswer: ApprovalAnswer;
  private readonly clock: Clock;
  private readonly events: DaemonEvents;
  private readonly waiting = new Map<string, Waiting>();
  private readonly settled = new Map<string, { approval: PendingApproval; resolution: ApprovalResolution }>();

  constructor(options: ApprovalQueueOptions) {
    this.clock = options.clock;
    this.events = options.events;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    this.defaultAnswer = options.defaultAnswer ?? 'deny';
  }

  wait({ call, result, signal }: ApprovalRequest): Promise<ApprovalOutcome> {
    if (this.waiting.size >= MAX_PENDING_APPROVALS) {
      return Promise.resolve(
        this.byDefault('timeout', `${MAX_PENDING_APPROVALS} requests are already waiting for an answer`),
      );
    }
    const createdAt = this.clock.now();
    const approval: PendingApproval = {
      id: this.newId(),
      ...summarizeCall(call),
      ...(result.ruleId !== undefined && { ruleId: result.ruleId }),
      ...(result.prompt !== undefined && { prompt: result.prompt }),
      ...(result.message !== undefined && { message: result.message }),
      createdAt,
      expiresAt: createdAt + this.timeoutMs,
    };
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => this.settle(approval.id, this.byDefault('timeout', `no answer within ${formatWait(this.timeoutMs)}`)),
        this.timeoutMs,
      );
      // The hook gave up (its host's timeout, or the agent stopped): blocked, whatever a late answer would say.
      const abandon = (): void => {
        this.settle(approval.id, {
          decision: 'block',
          answeredBy: 'abandoned',
          message: 'Blocked: the agent stopped waiting for an answer before anyone gave one',
        });
      };
      this.waiting.set(approval.id, {
        approval,
        settle: (resolution) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abandon);
          resolve(resolution);
        },
      });
      this.publish({ type: 'created', approval });
      if (signal?.aborted) abandon();
      else signal?.addEventListener('abort', abandon, { once: true });
    });
  }

  /** The requests waiting for an answer, oldest first. */
  pending(): PendingApproval[] {
    return [...this.waiting.values()].map((waiting) => waiting.approval);
  }

  answer(id: string, { decision, note, via }: AnswerRequest): AnswerResult {
    if (this.waiting.has(id)) {
      const verdict = decision === 'allow' ? 'Approved' : 'Denied';
      const where =
        via === 'dashboard' ? 'in the dashboard' : `with \`ssg ${decision === 'allow' ? 'approve' : 'deny'}\``;
      const trimmed = note?.trim();
      const resolution: ApprovalResolution = {
        decision: decision === 'allow' ? 'allow' : 'block',
        answeredBy: via,
        message: `${verdict} by you ${where}${trimmed ? `: ${trimmed}` : ''}`,
      };
      const approval = this.settle(id, resolution);
      return { kind: 'answered', approval, resolution };
    }
    const settled = this.settled.get(id);
    if (!settled) return { kind: 'unknown' };
    const timedOut = ['timeout', 'shutdown', 'abandoned'].includes(settled.resolution.answeredBy);
    return { kind: timedOut ? 'expired' : 'already-answered', ...settled };
  }

  /** Gives every waiting request the default answer (the daemon is stopping) and clears the timers. */
  close(): void {
    for (const id of [...this.waiting.keys()]) {
      this.settle(id, this.byDefault('shutdown', 'the ssg daemon stopped before anyone answered'));
    }
  }

  private settle(id: string, resolution: ApprovalResolution): PendingApproval {
    const waiting = this.waiting.get(id)!;
    this.waiting.delete(id);
    this.settled.set(id, { approval: waiting.approval, resolution });
    if (this.settled.size > REMEMBERED_SETTLED) this.settled.delete(this.settled.keys().next().value!);
    waiting.settle(resolution);
    const type = resolution.answeredBy === 'dashboard' || resolution.answeredBy === 'cli' ? 'answered' : 'expired';
    this.publish({ type, approval: waiting.approval, resolution });
    return waiting.approval;
  }

  private byDefault(settler: Extract<ApprovalSettler, 'timeout' | 'shutdown'>, why: string): ApprovalResolution {
    const allow = this.defaultAnswer === 'allow';
    return {
      decision: allow ? 'allow' : 'block',
      answeredBy: settler,
      message: `${allow ? 'Allowed' : 'Denied'}: ${why} (ssg's default for unanswered requests)`,
    };
  }

  private publish(event: ApprovalEvent): void {
    try {
      this.events.emit('approval', event);
    } catch {
      // A listener's bug (a dashboard stream) must not decide the call.
    }
  }

  private newId(): string {
    for (;;) {
      const id = base32(randomBytes(5));
      if (!this.waiting.has(id) && !this.settled.has(id)) return id;
    }
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 5 bytes → 8 characters of RFC 4648 base32 (lower case, no padding). */
function base32(bytes: Buffer): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) out += BASE32[Number((bits >> shift) & 31n)];
  return out;
}

/** "60 s", "2 min", "500 ms": how long the wait was, as the agent reads it. */
function formatWait(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
