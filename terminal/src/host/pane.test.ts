// A pane running real processes in a real pty (bash scripts that draw as Claude Code does, in the alternate screen):
// what the limit fallback gets to read after ssg moved the conversation to another process.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { eventually } from '@ssg/testing/eventually';
import { Pane } from './pane';

// In a single-quoted printf format: the apostrophe as an octal escape.
const LIMIT = '  ⎿  You\\047ve hit your 5-hour limit · resets 1:39pm (UTC)';

function newPane(): Pane {
  return new Pane({
    id: 'pane-1',
    kind: 'claude',
    title: 'A',
    cwd: tmpdir(),
    accountId: 'a',
    claudeSessionId: null,
    cols: 80,
    rows: 12,
    createdAt: 0,
    send: () => {},
    onProcessExit: () => {},
  });
}

function bash(pane: Pane, script: string): void {
  pane.start({
    file: 'bash',
    args: ['--noprofile', '--norc', '-c', script],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', TERM: 'xterm-256color' },
  });
}

describe('Pane: the screen since ssg last wrote a note', () => {
  it('leaves out a resumed full-screen process replaying what the ended one showed, and keeps what is new', async () => {
    const pane = newPane();
    try {
      // Account A: the limit in the alternate screen, then the exit back to the normal screen with its hint.
      bash(
        pane,
        `printf '\\e[?1049h\\e[2J\\e[H❯ second question\\r\\n${LIMIT}\\r\\n'; sleep 0.3; printf '\\e[?1049l'; echo 'claude --resume x'; sleep 0.3`,
      );
      assert.ok(await pane.waitForExit(10_000), 'the first process ended');
      await pane.note('Continuing this conversation on B.');
      // Account B: the replay of the conversation, then its own new limit.
      bash(
        pane,
        `printf '\\e[?1049h\\e[2J\\e[H❯ second question\\r\\n${LIMIT}\\r\\n❯ Please continue\\r\\n'; sleep 0.5; printf '  ⎿  new on B\\r\\n'; sleep 30`,
      );
      await eventually(
        async () => (await pane.screenLinesSinceNote()).includes('  ⎿  new on B'),
        'the new process output',
        10_000,
      );
      const lines = (await pane.screenLinesSinceNote()).filter((line) => line.trim() !== '');
      assert.deepEqual(lines, ['❯ Please continue', '  ⎿  new on B']);
    } finally {
      pane.dispose();
    }
  });
});
