// Retention on a real database: old records go, the newest are kept up to the row bound, the work is done in
// batches, and stop() leaves the store safe to close.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { Clock } from '../clock';
import { AUDIT_TEST_NOW, auditRow } from '../testing/audit-row';
import { AuditStore } from './audit-store';
import { AuditRetention } from './retention';
import { eventually } from '@ssg/testing/eventually';

const DAY = 24 * 60 * 60 * 1000;

describe('AuditRetention', () => {
  let dir: string;
  let store: AuditStore;
  const clock: Clock = { now: () => AUDIT_TEST_NOW };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-audit-retention-'));
    store = AuditStore.open(join(dir, 'audit.sqlite'));
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertAged = (ages: number[]): number[] =>
    ages.map((age) => store.insert(auditRow({ at: AUDIT_TEST_NOW - age })));
  const remaining = (): number[] =>
    store
      .query({ limit: 500 })
      .records.map((record) => record.id)
      .reverse();

  test('records older than the maximum age are removed, younger ones stay', async () => {
    const ids = insertAged([40 * DAY, 31 * DAY, 30 * DAY + 1, 30 * DAY, 29 * DAY, 0]);
    const removed = await new AuditRetention(store, clock, { maxAgeMs: 30 * DAY }).prune();
    assert.equal(removed, 3);
    assert.deepEqual(remaining(), ids.slice(3));
  });

  test('above the row bound, the oldest records go first', async () => {
    const ids = insertAged(Array.from({ length: 25 }, () => 0));
    const removed = await new AuditRetention(store, clock, { maxRows: 10, batchSize: 4 }).prune();
    assert.equal(removed, 15);
    assert.deepEqual(remaining(), ids.slice(15));
  });

  test('both bounds in one pass, in batches smaller than the work', async () => {
    const ids = insertAged([...Array.from({ length: 7 }, () => 60 * DAY), ...Array.from({ length: 9 }, () => DAY)]);
    const retention = new AuditRetention(store, clock, { maxAgeMs: 30 * DAY, maxRows: 5, batchSize: 2 });
    assert.equal(await retention.prune(), 11);
    assert.deepEqual(remaining(), ids.slice(11));
    assert.equal(await retention.prune(), 0);
  });

  test('the event loop runs between batches (a large backlog does not stall evaluations)', async () => {
    insertAged(Array.from({ length: 50 }, () => 60 * DAY));
    const pass = new AuditRetention(store, clock, { batchSize: 5 }).prune();
    // Only the first batch ran before prune() handed control back.
    assert.equal(store.extent().rows, 45);
    assert.equal(await pass, 50);
    assert.equal(store.extent().rows, 0);
  });

  test('stop() ends a pass between batches, leaving the rest for later', async () => {
    insertAged(Array.from({ length: 100 }, () => 60 * DAY));
    const retention = new AuditRetention(store, clock, { batchSize: 10 });
    const pass = retention.prune();
    await retention.stop();
    const removed = await pass;
    assert.ok(removed >= 10 && removed < 100, `removed ${removed}`);
    assert.equal(store.extent().rows, 100 - removed);
  });

  test('start() prunes at once and again on its timer', async () => {
    insertAged([60 * DAY]);
    const retention = new AuditRetention(store, clock, { intervalMs: 20 });
    retention.start();
    try {
      await eventually(() => store.extent().rows === 0, 'the first pass');
      insertAged([60 * DAY]);
      await eventually(() => store.extent().rows === 0, 'a pass on the timer');
    } finally {
      await retention.stop();
    }
  });

  test('a failing pass on the timer is remembered, not thrown', async () => {
    const closedDir = mkdtempSync(join(tmpdir(), 'ssg-audit-retention-closed-'));
    const closed = AuditStore.open(join(closedDir, 'audit.sqlite'));
    closed.close();
    const retention = new AuditRetention(closed, clock, { intervalMs: 1000 });
    try {
      retention.start();
      await eventually(() => retention.problem !== undefined, 'the failed pass');
      assert.match(retention.problem ?? '', /not open/);
    } finally {
      await retention.stop();
      rmSync(closedDir, { recursive: true, force: true });
    }
  });
});
