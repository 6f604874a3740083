// Brings the decisions hooks made without the daemon (@ssg/node/audit-spool) into the audit log: at start, then
// every few seconds while running. The spool is renamed before it is read, so a hook appending meanwhile starts a
// new file and no line is read twice or lost; a file left half-ingested by a daemon that died is picked up at the
// next start. Lines that are not a spooled decision are skipped: the spool lives in the guarded home, but a torn
// last line (a full disk) must not stop the rest.
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CAPABILITIES, DECISIONS, type ToolCall } from '@ssg/engine';
import { auditSpoolPath, type SpooledDecision } from '@ssg/node/audit-spool';
import type { AuditSink } from '../evaluation/ports';

const INGEST_EVERY_MS = 5_000;
const INGESTING = '.ingesting';

export class AuditSpoolIngestion {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly home: string,
    private readonly audit: AuditSink,
  ) {}

  start(): void {
    this.ingestNow();
    this.timer = setInterval(() => this.ingestNow(), INGEST_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.ingestNow();
  }

  /** Records every spooled decision; returns how many. */
  ingestNow(): number {
    const spool = auditSpoolPath(this.home);
    try {
      renameSync(spool, `${spool}.${process.pid}.${Date.now()}${INGESTING}`);
    } catch {
      // No spool: nothing decided without the daemon. Leftovers of an earlier daemon are still read below.
    }
    let recorded = 0;
    for (const file of this.takenOver(spool)) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) {
        const decision = parseSpooled(line);
        if (!decision) continue;
        this.audit.record({
          call: decision.call,
          result: { ...decision.result, matched: [], durationMs: 0 },
          decidedBy: 'hook',
          at: decision.at,
        });
        recorded++;
      }
      rmSync(file, { force: true });
    }
    return recorded;
  }

  private takenOver(spool: string): string[] {
    const prefix = `${basename(spool)}.`;
    try {
      return readdirSync(dirname(spool))
        .filter((name) => name.startsWith(prefix) && name.endsWith(INGESTING))
        .sort()
        .map((name) => join(dirname(spool), name));
    } catch {
      return [];
    }
  }
}

function parseSpooled(line: string): SpooledDecision | undefined {
  if (line.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const { at, call, result } = (value ?? {}) as Partial<SpooledDecision>;
  if (typeof at !== 'number' || !isCall(call) || typeof result !== 'object' || result === null) return undefined;
  if (!(DECISIONS as readonly string[]).includes(result.decision)) return undefined;
  return {
    at,
    call,
    result: {
      decision: result.decision,
      ...(typeof result.ruleId === 'string' && { ruleId: result.ruleId }),
      ...(typeof result.message === 'string' && { message: result.message }),
    },
  };
}

function isCall(call: unknown): call is ToolCall {
  const c = call as Partial<ToolCall> | undefined;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.tool === 'string' &&
    typeof c.client === 'string' &&
    (CAPABILITIES as readonly string[]).includes(c.capability as string) &&
    typeof c.input === 'object' &&
    c.input !== null
  );
}
