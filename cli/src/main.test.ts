import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

describe('ssg (built CLI): help, version, unknown commands', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(() => ws.cleanup());

  const version = (
    JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }
  ).version;

  const ok: Array<{ args: string[]; stdout: RegExp }> = [
    {
      args: [],
      stdout: /^ssg — .*\n\nUsage: ssg <command> \[options\]\n\nCommands:\n {2}eval +evaluate one tool call/s,
    },
    { args: ['--help'], stdout: /Commands:[\s\S]*certify[\s\S]*Exit codes: 0 ok, 1 failures found, 2 usage error/ },
    { args: ['-h'], stdout: /Usage: ssg <command>/ },
    { args: ['help'], stdout: /Usage: ssg <command>/ },
    { args: ['help', 'eval'], stdout: /^Usage: ssg eval / },
    { args: ['help', 'hook'], stdout: /^Usage: ssg hook eval/ },
    { args: ['eval', '--help'], stdout: /^Usage: ssg eval [\s\S]*Exit codes:/ },
    { args: ['eval', '--bogus', '-h'], stdout: /^Usage: ssg eval / },
    { args: ['check', '-h'], stdout: /^Usage: ssg check / },
    { args: ['certify', '--help'], stdout: /^Usage: ssg certify --dir <dir>/ },
    { args: ['help', 'help'], stdout: /^Usage: ssg help/ },
    { args: ['--version'], stdout: new RegExp(`^${version.replaceAll('.', '\\.')}\\n$`) },
    { args: ['-v'], stdout: new RegExp(`^${version.replaceAll('.', '\\.')}\\n$`) },
  ];
  for (const tc of ok) {
    it(`ssg ${tc.args.join(' ')} → exit 0`, () => {
      const run = ws.run(tc.args);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, '');
      assert.match(run.stdout, tc.stdout);
    });
  }

  const bad: Array<{ args: string[]; stderr: string }> = [
    { args: ['evl'], stderr: "ssg: unknown command 'evl' — did you mean `ssg eval`? (`ssg help` lists the commands)" },
    {
      args: ['certfy', '--dir', 'x'],
      stderr: "ssg: unknown command 'certfy' — did you mean `ssg certify`? (`ssg help` lists the commands)",
    },
    { args: ['deploy'], stderr: "ssg: unknown command 'deploy' — run `ssg help` for the list of commands" },
    { args: ['--frobnicate'], stderr: "ssg: unknown option '--frobnicate' — run `ssg help` for the options" },
    {
      args: ['help', 'chek'],
      stderr: "ssg help: unknown command 'chek' — did you mean `ssg check`? (`ssg help` lists the commands)",
    },
    {
      args: ['help', 'eval', 'check'],
      stderr: "ssg help: unexpected argument 'check' — ask for one command: ssg help <command>",
    },
  ];
  for (const tc of bad) {
    it(`ssg ${tc.args.join(' ')} → exit 2 with a suggestion`, () => {
      const run = ws.run(tc.args);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, `${tc.stderr}\n`);
    });
  }
});
