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

  const evaluate = (command: string): { decision: string; rule_id?: string } => {
    const run = ws.run(['eval', '--rules', NIGHT], { input: JSON.stringify({ tool: 'Bash', input: { command } }) });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout) as { decision: string; rule_id?: string };
  };

  for (const command of [
    'D=~; rm -rf $D',
    'for d in ~; do rm -rf "$d"; done',
    'echo ~ | xargs rm -rf',
    // An unset variable takes the default; a trailing-slash trim of $HOME is $HOME.
    'rm -rf "${WORKDIR:-/}"',
    'rm -rf ${CACHE_ROOT:-$HOME}',
    'rm -rf "${HOME%/}"',
  ]) {
    it(`${command} is blocked`, () => {
      const result = evaluate(command);
      assert.deepEqual([result.decision, result.rule_id], ['block', 'ssg_sleep_destructive_fs']);
    });
  }

  // Targets read from a file or a stream not known: a recursive delete of what ssg cannot check.
  for (const command of ['xargs rm -rf < dirs.txt', 'cat dirs.txt | xargs rm -rf', 'parallel rm -rf :::: dirs.txt']) {
    it(`${command} is asked`, () => {
      const result = evaluate(command);
      assert.deepEqual([result.decision, result.rule_id], ['ask', 'ssg_sleep_data_handling']);
    });
  }

  // A fresh folder from mktemp, and known feeds, stay allowed.
  for (const command of ['TMP=$(mktemp -d); rm -rf "$TMP"', 'echo build dist | xargs rm -rf']) {
    it(`${command} is allowed`, () => {
      assert.equal(evaluate(command).decision, 'allow');
    });
  }
});
