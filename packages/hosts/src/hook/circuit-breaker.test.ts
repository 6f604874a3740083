import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Decision } from '@ssg/engine';
import {
  BREAKER_STATE_TTL_MS,
  breakerDir,
  breakerDue,
  breakerStatePath,
  countBreakerOutcome,
  readDenials,
} from './circuit-breaker';

type BreakerVerdict = 'enforce' | 'override';

describe('the circuit breaker count', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-breaker-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  /**
   * One call as the hook runs it: is the breaker due, would it override this verdict (a denial it may override:
   * `overridable`), then count what happened.
   */
  function applyCircuitBreaker(
    home: string,
    sessionId: string,
    decision: Decision,
    now = Date.now(),
    overridable = true,
  ): BreakerVerdict {
    const overridden = overridable && (decision === 'block' || decision === 'force') && breakerDue(home, sessionId);
    countBreakerOutcome(home, sessionId, overridden ? 'overridden' : decision, now);
    return overridden ? 'override' : 'enforce';
  }

  const sequences: Array<{ name: string; decisions: Decision[]; want: BreakerVerdict[] }> = [
    {
      name: '5 denials, the 6th is let through, then blocking resumes',
      decisions: ['block', 'block', 'force', 'block', 'block', 'block', 'block'],
      want: ['enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'override', 'enforce'],
    },
    {
      name: 'an allowed call resets the count',
      decisions: ['block', 'block', 'block', 'block', 'allow', 'block', 'block', 'block', 'block', 'block', 'block'],
      want: [
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'enforce',
        'override',
      ],
    },
    {
      name: 'log and shadow reset the count too',
      decisions: ['block', 'block', 'block', 'block', 'block', 'log', 'block', 'shadow', 'block'],
      want: ['enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'enforce'],
    },
    {
      name: 'ask neither counts nor resets',
      decisions: ['block', 'block', 'ask', 'block', 'block', 'ask', 'block', 'block'],
      want: ['enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'enforce', 'override'],
    },
  ];
  for (const tc of sequences) {
    it(tc.name, () => {
      const got = tc.decisions.map((decision) => applyCircuitBreaker(home, 'session-a', decision));
      assert.deepEqual(got, tc.want);
    });
  }

  it('keeps denying what it may not override while due, and lets the next ordinary denial through', () => {
    for (let i = 0; i < 5; i++) applyCircuitBreaker(home, 'session-a', 'block');
    const protectedDenials = [1, 2, 3].map(() => applyCircuitBreaker(home, 'session-a', 'block', Date.now(), false));
    assert.deepEqual(protectedDenials, ['enforce', 'enforce', 'enforce']);
    assert.equal(readDenials(breakerStatePath(home, 'session-a')), 8);
    assert.equal(applyCircuitBreaker(home, 'session-a', 'block'), 'override');
    assert.equal(existsSync(breakerStatePath(home, 'session-a')), false);
  });

  it('counts each session on its own', () => {
    for (let i = 0; i < 5; i++) applyCircuitBreaker(home, 'session-a', 'block');
    assert.equal(applyCircuitBreaker(home, 'session-b', 'block'), 'enforce');
    assert.equal(applyCircuitBreaker(home, 'session-a', 'block'), 'override');
  });

  it('keeps the state file out of reach of the session id text', () => {
    const path = breakerStatePath(home, '../../etc/passwd');
    assert.equal(join(path, '..'), breakerDir(home));
    assert.match(path, /[0-9a-f]{32}\.json$/);
  });

  it('treats a corrupt or foreign state file as zero', () => {
    const path = breakerStatePath(home, 'session-a');
    mkdirSync(breakerDir(home), { recursive: true });
    for (const content of ['', 'not json', '[]', 'null', '{"consecutiveDenials":"5"}', '{"consecutiveDenials":-3}']) {
      writeFileSync(path, content);
      assert.equal(readDenials(path), 0, content);
    }
    writeFileSync(path, 'garbage');
    assert.equal(applyCircuitBreaker(home, 'session-a', 'block'), 'enforce');
    assert.equal(readDenials(path), 1);
  });

  it('removes state files of sessions idle for more than a day', () => {
    const now = Date.now();
    applyCircuitBreaker(home, 'old', 'block', now);
    const stale = breakerStatePath(home, 'old');
    const old = (now - BREAKER_STATE_TTL_MS - 60_000) / 1000;
    utimesSync(stale, old, old);
    applyCircuitBreaker(home, 'fresh', 'block', now);
    assert.equal(existsSync(stale), false);
    assert.deepEqual(readdirSync(breakerDir(home)), [breakerStatePath(home, 'fresh').split('/').pop()]);
  });

  it('writes no state at all while calls are allowed', () => {
    for (let i = 0; i < 3; i++) applyCircuitBreaker(home, 'quiet', 'allow');
    assert.equal(existsSync(breakerDir(home)), false);
  });
});
