// The stagger's runner with a fake clock's readings and a stand-in for `claude -p`: it sends the planned message
// with the account's environment, once per window, and nothing when the stagger is off or there is one account.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import type { AccountStanding } from '../switching';
import { STAGGER_PROMPT, type StaggerMessage, StaggerRunner } from './stagger-runner';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 9, 0);
let home: string;
afterEach(() => rmSync(home, { recursive: true, force: true }));

function runner(standings: AccountStanding[], enabled = true) {
  home = mkdtempSync(join(tmpdir(), 'ssg-stagger-'));
  const sent: { message: StaggerMessage; cwd: string }[] = [];
  const outcomes: string[] = [];
  const stagger = new StaggerRunner({
    ssgHome: home,
    now: () => NOW,
    standings: () => standings,
    settings: () => ({ enabled, gapMinutes: 15 }),
    launch: (accountId) => ({ file: 'claude', args: [], env: { CLAUDE_CONFIG_DIR: `/accounts/${accountId}` } }),
    onMessage: (accountId, outcome) => outcomes.push(`${accountId}:${outcome}`),
    send: async (message, cwd) => {
      sent.push({ message, cwd });
      return true;
    },
  });
  return { stagger, sent, outcomes };
}

const working: AccountStanding = {
  id: 'default',
  isDefault: true,
  usage: { fiveHour: { usedPercent: 40, resetsAt: NOW + 2.5 * HOUR } },
};
const idle: AccountStanding = { id: 'second', isDefault: false };

test('an idle account gets one short message, with its own environment, in ssg’s own folder', async () => {
  const { stagger, sent, outcomes } = runner([working, idle]);
  stagger.check();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(sent.length, 1);
  assert.deepEqual(sent[0]!.message, {
    accountId: 'second',
    file: 'claude',
    args: ['-p', STAGGER_PROMPT, '--max-turns', '1'],
    env: { CLAUDE_CONFIG_DIR: '/accounts/second' },
  });
  assert.equal(sent[0]!.cwd, join(home, 'terminal', 'stagger'));
  assert.deepEqual(outcomes, ['second:sent']);
  stagger.check();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(sent.length, 1, 'at most one message per account per window');
  stagger.stop();
});

test('nothing is sent when the stagger is off, or with a single account', async () => {
  for (const [standings, enabled] of [
    [[working, idle], false],
    [[working], true],
  ] as const) {
    const { stagger, sent } = runner([...standings], enabled);
    stagger.check();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(sent.length, 0);
    stagger.stop();
    rmSync(home, { recursive: true, force: true });
  }
});
