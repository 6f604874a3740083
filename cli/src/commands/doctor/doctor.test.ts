import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

interface DoctorJson {
  daemon: { url: string; running: boolean; detail: string };
  adapters: Array<{ name: string; detected: boolean; installed: boolean; problems: string[] }>;
}

describe('ssg doctor (built CLI)', () => {
  before(() => ensureBuilt());

  it('reports every adapter, and an installed one once wired with ssg on PATH', () => {
    const ws = new Workspace();
    try {
      chmodSync(ws.write('bin/ssg', '#!/bin/sh\n'), 0o755);
      const env = { PATH: `${join(ws.root, 'bin')}${delimiter}${process.env.PATH ?? ''}`, SSG_CLIENT: 'codex' };
      const entry = (name: string) => {
        const run = ws.run(['doctor', '--json'], { env });
        assert.equal(run.status, 0, run.stderr);
        return (JSON.parse(run.stdout) as DoctorJson).adapters.find((adapter) => adapter.name === name);
      };
      assert.deepEqual(entry('codex'), {
        name: 'codex',
        detected: true,
        installed: false,
        problems: [
          `${join(ws.root, '.codex', 'config.toml')} does not exist`,
          `no PreToolUse hook \`ssg hook codex --source=native\` in ${join(ws.root, '.codex', 'hooks.json')}`,
        ],
      });
      assert.match(entry('cursor')?.problems.join('\n') ?? '', /\.cursor\/mcp\.json does not exist/);
      assert.equal(ws.run(['init', '--client=codex'], { env }).status, 0);
      assert.deepEqual(entry('codex'), { name: 'codex', detected: true, installed: true, problems: [] });

      const table = ws.run(['doctor'], { env });
      assert.equal(table.status, 0, table.stderr);
      const [daemonLine, blank, ...lines] = table.stdout.trimEnd().split('\n');
      assert.match(
        daemonLine!,
        /^daemon: not running at http:\/\/127\.0\.0\.1:1 \(.*hooks evaluate the rules themselves/,
      );
      assert.equal(blank, '');
      assert.match(lines[0]!, /^client +detected +installed +why not$/);
      assert.match(table.stdout, /^codex +yes +yes$/m);
      assert.match(table.stdout, /^generic +yes +yes$/m);
      assert.match(table.stdout, /^claude-code +no +no +no PreToolUse hook `ssg hook eval`/m);
      const json = JSON.parse(ws.run(['doctor', '--json'], { env }).stdout) as DoctorJson;
      assert.equal(json.daemon.running, false);
      const count = json.adapters.length;
      assert.equal(lines.length, 2 + count);
    } finally {
      ws.cleanup();
    }
  });
});
