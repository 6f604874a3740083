import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '@ssg/testing/cli-harness';
import { bashWrapper, HookWorkspace, MARKER_REASON } from './fixture.testing';

describe('resources/hooks/bin/bash (with real bash)', () => {
  let ws: HookWorkspace;
  before(() => {
    ensureBuilt();
    ws = new HookWorkspace();
  });
  after(() => ws.cleanup());

  const wrapper = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    ws.runProgram(bashWrapper, args, options);
  // The wrapper runs the real bash by its path, so that is how the comparison runs it too ($0 in messages).
  const realBash = (args: string[], options: { input?: string } = {}) =>
    ws.runProgram(execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(), args, options);

  const blocked: Array<{ name: string; args: string[] }> = [
    { name: '-c', args: ['-c', 'rm -rf marker'] },
    { name: '-lc', args: ['-lc', 'rm -rf marker'] },
    { name: '-ec', args: ['-ec', 'rm -rf marker'] },
    { name: '-xc', args: ['-xc', 'rm -rf marker'] },
    { name: 'options before -c', args: ['--norc', '-o', 'pipefail', '-e', '-c', 'rm -rf marker'] },
    { name: 'options after -c, and --', args: ['-c', '-e', '--', 'rm -rf marker'] },
    { name: '-O with its argument', args: ['-O', 'extglob', '-c', 'rm -rf marker', 'name', 'arg'] },
    { name: 'inside a compound command', args: ['-c', 'echo before; rm -rf marker && echo after'] },
    { name: 'across lines', args: ['-c', 'echo one\nrm -rf marker\n'] },
  ];
  for (const tc of blocked) {
    it(`blocks: ${tc.name} → exit 126, the reason on stderr, nothing run`, () => {
      const run = wrapper(tc.args);
      assert.equal(run.status, 126);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, `${MARKER_REASON}\n`);
      assert.ok(ws.markerExists());
    });
  }

  const sameAsRealBash: Array<{ name: string; args: string[]; input?: string }> = [
    { name: 'exit code and stdout', args: ['-c', 'echo hi; exit 3'] },
    { name: 'stderr', args: ['-c', 'echo oops >&2; exit 2'] },
    { name: 'stdin piped to the command', args: ['-c', 'cat; echo done'], input: 'piped\nlines\n' },
    {
      name: 'arguments with spaces, quotes and newlines',
      args: ['-c', 'printf "[%s]\\n" "$0" "$@"', 'zero', 'a b', `it's "quoted"`, 'line1\nline2', ''],
    },
    { name: 'a command with quotes and newlines', args: ['-c', `printf '%s\\n' "it's" 'a "b"'\necho 'x\ny'`] },
    { name: 'a failing command', args: ['-c', 'false'] },
    { name: 'syntax error', args: ['-c', 'if then fi'] },
    { name: '-c without a command', args: ['-c'] },
    { name: 'no -c: bash -s reads the script from stdin, unjudged', args: ['-s'], input: 'echo from-stdin; exit 4\n' },
    { name: '--version', args: ['--version'] },
  ];
  for (const tc of sameAsRealBash) {
    it(`passes through: ${tc.name}`, () => {
      const options = tc.input === undefined ? {} : { input: tc.input };
      const want = realBash(tc.args, options);
      const got = wrapper(tc.args, options);
      assert.deepEqual(got, want, 'as the real bash');
    });
  }

  it('passes a signal through: the command that kills its shell ends the same way as under the real bash', () => {
    const want = realBash(['-c', 'kill -TERM $$']);
    const got = wrapper(['-c', 'kill -TERM $$']);
    assert.equal(want.signal, 'SIGTERM');
    assert.deepEqual(got, want);
  });

  it('runs a script file untouched (no -c: not judged)', () => {
    const script = ws.write('project/script.sh', 'echo "script $1"\n');
    assert.deepEqual(wrapper([script, 'arg']), { status: 0, signal: null, stdout: 'script arg\n', stderr: '' });
  });

  it('never loops into itself: first on PATH, named by SSG_REAL_BASH, or through a symlink', () => {
    const linkDir = join(ws.root, 'link-bin');
    mkdirSync(linkDir);
    symlinkSync(bashWrapper, join(linkDir, 'bash'));
    const path = [linkDir, dirname(bashWrapper), process.env.PATH ?? ''].join(delimiter);
    const envs: Array<Record<string, string>> = [{ PATH: path }, { PATH: path, SSG_REAL_BASH: bashWrapper }];
    for (const env of envs) {
      const run = wrapper(['-c', 'echo "$BASH_VERSION"'], { env });
      assert.equal(run.status, 0);
      assert.match(run.stdout, /^\d+\.\d+/);
    }
  });

  it('judges nested bash -c when the wrapper is the bash on PATH', () => {
    const env = { PATH: [dirname(bashWrapper), process.env.PATH ?? ''].join(delimiter) };
    const run = wrapper(['-c', 'bash -c "$1"; echo "inner exit $?"', 'outer', 'rm -rf marker'], { env });
    assert.equal(run.stdout, 'inner exit 126\n');
    assert.equal(run.stderr, `${MARKER_REASON}\n`);
    assert.ok(ws.markerExists());
  });

  it('uses SSG_REAL_BASH', () => {
    const fake = ws.write('fake-bash', '#!/bin/sh\necho "fake bash: $*"\n');
    chmodSync(fake, 0o755);
    const run = wrapper(['-c', 'echo hi'], { env: { SSG_REAL_BASH: fake } });
    assert.equal(run.stdout, 'fake bash: -c echo hi\n');
  });

  it('fails open when ssg cannot be run, and closed when the sentinel exists (no daemon)', () => {
    const env = { SSG_BIN: join(ws.root, 'no-such-ssg') };
    const open = wrapper(['-c', 'echo ran'], { env });
    assert.equal(open.status, 0);
    assert.equal(open.stdout, 'ran\n');
    assert.match(open.stderr, /ssg bash wrapper: ssg could not be run \(exit 127\) — .*\(fail-open\)\n$/);

    const sentinel = ws.write('ssg-home/fail-closed', '');
    try {
      const closed = wrapper(['-c', 'echo ran'], { env });
      assert.equal(closed.status, 126);
      assert.equal(closed.stdout, '');
      assert.match(closed.stderr, /ssg blocked this: ssg could not be run \(exit 127\) and fail-closed mode is on\n$/);
      const noDaemon = wrapper(['-c', 'echo fine']);
      assert.equal(noDaemon.status, 126, 'with ssg reachable but no daemon, the sentinel blocks everything');
      assert.match(noDaemon.stderr, /daemon is unreachable/);
    } finally {
      rmSync(sentinel);
    }
  });
});
