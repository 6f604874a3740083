// The pipeline's audit sink on a real database: a decision becomes a redacted record and a live event, and a
// broken database costs a counted failure, never the call.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { AuditRecord } from '@ssg/contracts/audit';
import { DaemonEvents } from '../events';
import type { AuditEntry } from '../evaluation/ports';
import { AuditLog } from './audit-log';
import { AuditStore } from './audit-store';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  call: {
    tool: 'Bash',
    capability: 'execute',
    client: 'codex',
    input: { command: 'curl -H "Authorization: Bearer s3cr3t-value" https://x && rm -rf /' },
    cwd: '/work/p',
    sessionId: 'sess-1',
  },
  result: {
    decision: 'block',
    ruleId: 'no-rm-root',
    message: 'Recursive delete of / is blocked.',
    matched: [
      {
        field: 'command',
        op: 'CONTAINS',
        negated: false,
        value: 'rm -rf /',
        view: 'curl -H "Authorization: Bearer s3cr3t-value" https://x',
      },
    ],
    durationMs: 0.12,
  },
  decidedBy: 'rules',
  at: 1_750_000_000_000,
  ...overrides,
});

describe('AuditLog', () => {
  let dir: string;
  let store: AuditStore;
  let events: DaemonEvents;
  let log: AuditLog;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-audit-log-'));
    store = AuditStore.open(join(dir, 'audit.sqlite'));
    events = new DaemonEvents();
    log = new AuditLog(store, events);
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('records every field, with the input and the matched views redacted, and announces the record', () => {
    const announced: unknown[] = [];
    events.on('decision', (record) => announced.push(record));
    const id = log.record(entry({ warning: 'near the daily cap' }));
    const expected: AuditRecord = {
      id,
      at: 1_750_000_000_000,
      tool: 'Bash',
      capability: 'execute',
      client: 'codex',
      sessionId: 'sess-1',
      cwd: '/work/p',
      summary: 'curl -H "Authorization: Bearer [redacted:authorization]" https://x && rm -rf /',
      decision: 'block',
      decidedBy: 'rules',
      ruleId: 'no-rm-root',
      message: 'Recursive delete of / is blocked.',
      warning: 'near the daily cap',
      matched: [
        {
          field: 'command',
          op: 'CONTAINS',
          negated: false,
          value: 'rm -rf /',
          view: 'curl -H "Authorization: Bearer [redacted:authorization]" https://x',
        },
      ],
      durationMs: 0.12,
    };
    assert.ok(id >= 1);
    assert.deepEqual(store.get(id), expected);
    assert.deepEqual(announced, [expected]);
    assert.ok(!JSON.stringify(store.query({})).includes('s3cr3t'));
  });

  test('records whose batch cannot be committed are counted, and nothing throws at the caller', async () => {
    assert.deepEqual(log.health(), { failedWrites: 0 });
    store.close();
    log.record(entry());
    log.record(entry());
    await new Promise((resolve) => setImmediate(resolve));
    const health = log.health();
    assert.equal(health.failedWrites, 2);
    assert.match(health.lastFailure ?? '', /not open/);
    store = AuditStore.open(join(dir, 'audit.sqlite'));
  });

  test('a listener that throws does not reach the caller, and the record is kept', () => {
    events.on('decision', () => {
      throw new Error('a broken dashboard stream');
    });
    const id = log.record(entry());
    assert.ok(id >= 1);
    assert.equal(store.get(id)?.id, id);
    assert.equal(log.health().failedWrites, 0);
  });
});
