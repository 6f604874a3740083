import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '@ssg/testing/cli-harness';
import { HookWorkspace, MARKER_REASON, nodeHook } from './fixture.testing';

// Each case is a Node program run with the hook preloaded; it prints what it saw, one line per observation.
describe('resources/hooks/hooks/ssg-node-hook.cjs (with real node)', () => {
  let ws: HookWorkspace;
  before(() => {
    ensureBuilt();
    ws = new HookWorkspace();
  });
  after(() => ws.cleanup());

  const node = (source: string, env: Record<string, string> = {}, moduleType = false) =>
    ws.runProgram(
      process.execPath,
      [
        ...(moduleType ? ['--input-type=module'] : []),
        '-e',
        `${moduleType ? '' : "const cp = require('node:child_process');\n"}${source}`,
      ],
      { env: { NODE_OPTIONS: `--require ${nodeHook}`, ...env } },
    );

  const blocked: Array<{ name: string; source: string; stdout: string }> = [
    {
      name: 'execSync throws',
      source: `try { cp.execSync('rm -rf marker'); } catch (e) { console.log(e.code, e.message); }`,
      stdout: `SSG_BLOCKED ${MARKER_REASON}\n`,
    },
    {
      name: 'execFileSync throws (program and arguments judged as one command)',
      source: `try { cp.execFileSync('rm', ['-rf', 'marker']); } catch (e) { console.log(e.code, e.syscall); }`,
      stdout: 'SSG_BLOCKED spawnSync\n',
    },
    {
      name: 'spawnSync returns the error, as for a program that cannot start',
      source: `const r = cp.spawnSync('rm', ['-rf', 'marker']); console.log(r.error.code, r.status, r.pid);`,
      stdout: 'SSG_BLOCKED null 0\n',
    },
    {
      name: 'spawn emits the error, then close',
      source: `const c = cp.spawn('rm', ['-rf', 'marker'], { stdio: 'pipe' });
        c.stdout.on('end', () => console.log('stdout ends'));
        c.on('error', (e) => console.log('error', e.code, e.message));
        c.on('close', (code) => console.log('close', code, c.kill()));`,
      stdout: `error SSG_BLOCKED ${MARKER_REASON}\nstdout ends\nclose 126 false\n`,
    },
    {
      name: 'spawn with shell: true judges the command string',
      source: `cp.spawn('rm -rf', ['marker'], { shell: true }).on('error', (e) => console.log(e.code));`,
      stdout: 'SSG_BLOCKED\n',
    },
    {
      name: 'exec calls back with the error',
      source: `cp.exec('echo x && rm -rf marker', (e, out, err) => console.log(e.code, JSON.stringify([out, err])));`,
      stdout: 'SSG_BLOCKED ["",""]\n',
    },
    {
      name: 'execFile calls back with the error (options and callback)',
      source: `cp.execFile('rm', ['-rf', 'marker'], { cwd: '.' }, (e) => console.log(e.code));`,
      stdout: 'SSG_BLOCKED\n',
    },
    {
      name: 'promisified exec rejects',
      source: `require('node:util').promisify(cp.exec)('rm -rf marker').catch((e) => console.log(e.code));`,
      stdout: 'SSG_BLOCKED\n',
    },
  ];
  for (const tc of blocked) {
    it(`blocks: ${tc.name}; the marker survives`, () => {
      const run = node(tc.source);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, tc.stdout);
      assert.equal(run.status, 0);
      assert.ok(ws.markerExists());
    });
  }

  it('blocks through an ES module import of node:child_process', () => {
    const run = node(
      `import { execSync } from 'node:child_process';
       try { execSync('rm -rf marker'); } catch (e) { console.log(e.code); }`,
      {},
      true,
    );
    assert.equal(run.stdout, 'SSG_BLOCKED\n');
    assert.ok(ws.markerExists());
  });

  const allowed: Array<{ name: string; source: string; stdout: string }> = [
    { name: 'execSync', source: `process.stdout.write(cp.execSync('echo ok'));`, stdout: 'ok\n' },
    {
      name: 'spawn with stdio and exit code',
      source: `const c = cp.spawn('sh', ['-c', 'cat; exit 5']);
        c.stdout.on('data', (d) => process.stdout.write(d));
        c.on('close', (code) => console.log('exit', code));
        c.stdin.end('piped\\n');`,
      stdout: 'piped\nexit 5\n',
    },
    {
      name: 'execFile with an argument that needs quoting',
      source: `cp.execFile('printf', ['[%s]', "it's a b"], (e, out) => console.log(e, out));`,
      stdout: "null [it's a b]\n",
    },
    {
      name: 'promisified execFile resolves stdout and stderr',
      source: `require('node:util').promisify(cp.execFile)('echo', ['p']).then((r) => console.log(JSON.stringify(r)));`,
      stdout: '{"stdout":"p\\n","stderr":""}\n',
    },
    {
      name: 'a file: URL as the cwd',
      source: `cp.execSync('rm -rf marker', { cwd: require('node:url').pathToFileURL('..') }); console.log('ran');`,
      stdout: 'ran\n',
    },
    {
      name: 'the cwd option picks the rules: a folder without rules',
      source: `cp.execSync('rm -rf marker', { cwd: '..' }); console.log('ran');`,
      stdout: 'ran\n',
    },
  ];
  for (const tc of allowed) {
    it(`runs: ${tc.name}`, () => {
      const run = node(tc.source);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, tc.stdout);
      assert.equal(run.status, 0);
    });
  }

  it('fails open when ssg cannot be run, and closed when the sentinel exists', () => {
    const env = { SSG_BIN: join(ws.root, 'no-such-ssg') };
    const source = `try { process.stdout.write(cp.execSync('echo ran')); } catch (e) { console.log(e.code, e.message); }`;
    const open = node(source, env);
    assert.equal(open.stdout, 'ran\n');
    assert.match(open.stderr, /^ssg node hook: ssg could not be run \(.*ENOENT\) — .*\(fail-open\)\n$/);

    const sentinel = ws.write('ssg-home/fail-closed', '');
    try {
      const closed = node(source, env);
      assert.match(
        closed.stdout,
        /^SSG_BLOCKED ssg blocked this: ssg could not be run \(.*\) and fail-closed mode is on\n$/,
      );
      assert.equal(closed.stderr, '');
    } finally {
      rmSync(sentinel);
    }
  });
});
