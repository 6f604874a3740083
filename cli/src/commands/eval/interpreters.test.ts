// Issue 13, interpreters: code that deletes through a language's file API, PowerShell and ssh's remote command,
// through the built CLI against the Sleep at Night bundle; benign one-liners stay allowed.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

const NIGHT = fileURLToPath(new URL('../../../../resources/rules/sleep-at-night.rules', import.meta.url));
const DESTRUCTIVE: [string, string] = ['block', 'ssg_sleep_destructive_fs'];
const ALLOWED: [string, null] = ['allow', null];

describe('ssg eval against interpreter one-liners (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(() => ws.cleanup());

  const cases: Array<{ command: string; want: [string, string | null] }> = [
    { command: `python3 -c "import shutil; shutil.rmtree('/home/me')"`, want: DESTRUCTIVE },
    { command: `node -e "require('fs').rmSync(process.env.HOME,{recursive:true,force:true})"`, want: DESTRUCTIVE },
    { command: `ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.home)'`, want: DESTRUCTIVE },
    { command: `perl -e 'use File::Path; rmtree($ENV{HOME})'`, want: DESTRUCTIVE },
    {
      command: `python3 - <<'EOF'\nimport shutil, pathlib\nshutil.rmtree(pathlib.Path.home())\nEOF`,
      want: DESTRUCTIVE,
    },
    { command: `pwsh -c 'Remove-Item -Recurse -Force $HOME'`, want: DESTRUCTIVE },
    { command: `ssh -p 2222 user@host 'rm -rf ~'`, want: DESTRUCTIVE },
    { command: `python3 -c "print(1)"`, want: ALLOWED },
    { command: `node -e "console.log(require('fs').readFileSync('package.json','utf8'))"`, want: ALLOWED },
    { command: 'ssh host uptime', want: ALLOWED },
  ];
  for (const { command, want } of cases) {
    it(`${command} is ${want[0]}`, () => {
      const run = ws.run(['eval', '--rules', NIGHT], { input: JSON.stringify({ tool: 'Bash', input: { command } }) });
      assert.equal(run.status, 0, run.stderr);
      const result = JSON.parse(run.stdout) as { decision: string; rule_id: string | null };
      assert.deepEqual([result.decision, result.rule_id], want);
    });
  }
});
