// Issue 13: values set earlier in the same command line, through the built CLI against the Sleep at Night bundle.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

const NIGHT = fileURLToPath(new URL('../../../../resources/rules/sleep-at-night.rules', import.meta.url));

describe('ssg eval sees values set earlier in the command line (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(() => ws.cleanup());

  for (const command of ['D=~; rm -rf $D', 'for d in ~; do rm -rf "$d"; done', 'echo ~ | xargs rm -rf']) {
    it(`${command} is blocked`, () => {
      const run = ws.run(['eval', '--rules', NIGHT], { input: JSON.stringify({ tool: 'Bash', input: { command } }) });
      assert.equal(run.status, 0, run.stderr);
      const result = JSON.parse(run.stdout) as { decision: string; rule_id: string };
      assert.deepEqual([result.decision, result.rule_id], ['block', 'ssg_sleep_destructive_fs']);
    });
  }
});
