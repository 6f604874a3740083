import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

describe('ssg daemon usage errors (built CLI)', () => {
  before(() => ensureBuilt());

  const cases = [
    { args: ['--log-level', 'loud'], stderr: /^ssg daemon: --log-level loud is not a level — pass one of fatal, /m },
    { args: ['--log-level', '\u001b[2J'], stderr: /^ssg daemon: --log-level \?\[2J is not a level/m },
    { args: ['--port', 'x'], stderr: /^ssg daemon: --port x is not a port/m },
  ];
  for (const { args, stderr } of cases) {
    it(`${args.join(' ')}: exit 2, one line, nothing started`, () => {
      const ws = new Workspace();
      try {
        const run = ws.run(['daemon', ...args]);
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, stderr);
        assert.equal(run.stderr.trimEnd().split('\n').length, 1, run.stderr);
        assert.equal(run.stdout, '');
      } finally {
        ws.cleanup();
      }
    });
  }
});
