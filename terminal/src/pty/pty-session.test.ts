// Real pseudo-terminals running bash: what a pane's window receives. Each script lingers a moment before it
// exits: node-pty can lose what a process printed just before a fast exit (its reader meets EIO when the last
// writer closes), which is a pty host's problem to solve, not these tests'.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { PtySession, type PtySessionOptions } from './pty-session';

interface Run {
  session: PtySession;
  output: () => string;
  exited: Promise<{ exitCode: number; signal: number | undefined }>;
}

function run(script: string, options: Partial<PtySessionOptions> = {}): Run {
  let text = '';
  let exit!: (value: { exitCode: number; signal: number | undefined }) => void;
  const exited = new Promise<{ exitCode: number; signal: number | undefined }>((resolve) => (exit = resolve));
  const session = new PtySession({
    ...options,
    file: 'bash',
    args: ['--noprofile', '--norc', '-c', script],
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', TERM: 'xterm-256color' },
    cols: 80,
    rows: 24,
    onOutput: (chunk) => {
      text += chunk;
      options.onOutput?.(chunk);
    },
    onExit: exit,
  });
  session.addConsumer('window');
  return { session, output: () => text, exited };
}

describe('PtySession (real pty, bash)', () => {
  it('shows what the process prints, and its exit', async () => {
    const pane = run('printf "hello %s\\n" pane; sleep 0.3; exit 3');
    const exit = await pane.exited;
    assert.equal(exit.exitCode, 3);
    assert.match(pane.output(), /hello pane/);
  });

  it('passes keystrokes to the process', async () => {
    const pane = run('read -r line; printf "got:%s\\n" "$line"; sleep 0.3');
    pane.session.write('abc\r');
    await pane.exited;
    assert.match(pane.output(), /got:abc/);
  });

  it('keeps multibyte characters whole however the pty cuts its reads', async () => {
    const pane = run('for i in $(seq 1 2000); do printf "é😀"; done; sleep 0.3');
    await pane.exited;
    assert.equal(pane.output().replaceAll(/[\r\n]/g, ''), 'é😀'.repeat(2000));
  });

  it('pauses a flood until the window acknowledges it, and loses nothing', async () => {
    let pauses = 0;
    const pane: Run = run("head -c 3000000 /dev/zero | tr '\\0' a; sleep 0.5", {
      watermarks: { highWatermark: 100_000, lowWatermark: 5_000 },
      batch: { maxChars: 16_384, maxDelayMs: 5 },
      onOutput: (chunk) => {
        if (pane?.session.isPaused) pauses += 1;
        // The window renders a little later, as a browser would.
        setTimeout(() => pane.session.acknowledge('window', chunk.length), 2);
      },
    });
    await pane.exited;
    assert.equal(pane.output().replaceAll(/[\r\n]/g, '').length, 3_000_000);
    assert.ok(pauses > 0, 'the flood was paused at least once');
  });

  it('reads to the end of a process that exits while its output is paused', async () => {
    // A window that never acknowledges: the first 51,000 characters pause the pty, and what the process prints
    // after that waits in the kernel until the process has exited.
    const pane: Run = run("head -c 51000 /dev/zero | tr '\\0' b; sleep 0.3; printf TAIL-MARKER; exit 0", {
      watermarks: { highWatermark: 50_000, lowWatermark: 1_000 },
      batch: { maxChars: 16_384, maxDelayMs: 5 },
    });
    await pane.exited;
    assert.ok(pane.session.isPaused === false);
    assert.match(pane.output(), /TAIL-MARKER/);
  });
});
