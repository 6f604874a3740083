import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '@ssg/testing/cli-harness';
import { HookWorkspace, MARKER_REASON, pythonHookDir } from './fixture.testing';

// Each case is a Python program run with the hook on PYTHONPATH; it prints what it saw.
describe('resources/hooks/hooks/python/sitecustomize.py (with real python3)', () => {
  let ws: HookWorkspace;
  before(() => {
    ensureBuilt();
    ws = new HookWorkspace();
  });
  after(() => ws.cleanup());

  const python = (source: string, env: Record<string, string> = {}) =>
    ws.runProgram('python3', ['-c', `import os, subprocess, sys\n${source}`], {
      env: { PYTHONPATH: pythonHookDir, ...env },
    });

  const blocked: Array<{ name: string; source: string; stdout: string; stderr?: string }> = [
    {
      name: 'subprocess.run with shell=True raises PermissionError',
      source: `try:\n  subprocess.run('rm -rf marker', shell=True)\nexcept PermissionError as e:\n  print(e.errno, e.strerror)`,
      stdout: `13 ${MARKER_REASON}\n`,
    },
    {
      name: 'an argument list (words judged as one command)',
      source: `try:\n  subprocess.check_call(['rm', '-rf', 'marker'])\nexcept PermissionError as e:\n  print('blocked')`,
      stdout: 'blocked\n',
    },
    {
      name: 'Popen with shell and cwd given by position',
      source:
        `try:\n  subprocess.Popen('rm -rf marker', -1, None, None, None, None, None, True, True, '.')\n` +
        `except PermissionError:\n  print('blocked')`,
      stdout: 'blocked\n',
    },
    {
      name: 'os.popen raises PermissionError',
      source: `try:\n  os.popen('rm -rf marker')\nexcept PermissionError:\n  print('blocked')`,
      stdout: 'blocked\n',
    },
    {
      name: 'os.system returns the status of exit 126 and prints the reason',
      source: `status = os.system('rm -rf marker')\nprint(status != 0, os.waitstatus_to_exitcode(status))`,
      stdout: 'True 126\n',
      stderr: `${MARKER_REASON}\n`,
    },
  ];
  for (const tc of blocked) {
    it(`blocks: ${tc.name}; the marker survives`, () => {
      const run = python(tc.source);
      assert.equal(run.stderr, tc.stderr ?? '');
      assert.equal(run.stdout, tc.stdout);
      assert.equal(run.status, 0);
      assert.ok(ws.markerExists());
    });
  }

  const allowed: Array<{ name: string; source: string; stdout: string }> = [
    {
      name: 'subprocess.run with captured output',
      source: `print(subprocess.run(['echo', 'hi'], capture_output=True, text=True).stdout, end='')`,
      stdout: 'hi\n',
    },
    {
      name: 'an argument that needs quoting',
      source: `print(subprocess.check_output(['printf', '[%s]', "it's a b"], text=True))`,
      stdout: "[it's a b]\n",
    },
    {
      name: 'os.system keeps the exit status',
      source: `print(os.waitstatus_to_exitcode(os.system('exit 3')))`,
      stdout: '3\n',
    },
    { name: 'os.popen', source: `print(os.popen('echo popen').read(), end='')`, stdout: 'popen\n' },
    {
      name: 'the cwd argument picks the rules: a folder without rules',
      source: `subprocess.run('rm -rf marker', shell=True, cwd='..', check=True)\nprint('ran')`,
      stdout: 'ran\n',
    },
    {
      name: 'bytes and path-like arguments',
      source: `import pathlib\nprint(subprocess.check_output([b'echo', pathlib.Path('x y')], text=True), end='')`,
      stdout: 'x y\n',
    },
  ];
  for (const tc of allowed) {
    it(`runs: ${tc.name}`, () => {
      const run = python(tc.source);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, tc.stdout);
      assert.equal(run.status, 0);
    });
  }

  it('runs the sitecustomize it shadows, with the hook still in force', () => {
    const other = join(ws.root, 'other-site');
    ws.write('other-site/sitecustomize.py', 'print("chained sitecustomize")\n');
    const run = python(
      `try:\n  subprocess.run('rm -rf marker', shell=True)\nexcept PermissionError:\n  print('blocked')`,
      { PYTHONPATH: [pythonHookDir, other].join(delimiter) },
    );
    assert.equal(run.stdout, 'chained sitecustomize\nblocked\n');
    assert.equal(run.stderr, '');
  });

  it('reports a failing chained sitecustomize and goes on', () => {
    ws.write('broken-site/sitecustomize.py', 'raise RuntimeError("boom")\n');
    const run = python(`print('program ran')`, {
      PYTHONPATH: [pythonHookDir, join(ws.root, 'broken-site')].join(delimiter),
    });
    assert.equal(run.stdout, 'program ran\n');
    assert.match(run.stderr, /^Error in sitecustomize \(.*broken-site.*\); .*\nRuntimeError: boom\n$/);
  });

  it('fails open when ssg cannot be run, and closed when the sentinel exists', () => {
    const env = { SSG_BIN: join(ws.root, 'no-such-ssg') };
    const source = `try:\n  print(subprocess.check_output(['echo', 'ran'], text=True), end='')\nexcept PermissionError as e:\n  print(e.strerror)`;
    const open = python(source, env);
    assert.equal(open.stdout, 'ran\n');
    assert.match(open.stderr, /^ssg python hook: ssg could not be run \(.*No such file.*\) — .*\(fail-open\)\n$/);

    const sentinel = ws.write('ssg-home/fail-closed', '');
    try {
      const closed = python(source, env);
      assert.match(closed.stdout, /^ssg blocked this: ssg could not be run \(.*\) and fail-closed mode is on\n$/);
      assert.equal(closed.stderr, '');
    } finally {
      rmSync(sentinel);
    }
  });
});
