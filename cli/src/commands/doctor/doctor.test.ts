import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

interface DoctorJson {
  daemon: { url: string; running: boolean; detail: string; recentErrors: Array<{ time: number; message: string }> };
  license: {
    tier: string | null;
    expiresAt?: string;
    features?: string[];
    problem?: string;
    source: string | null;
    advice: string[];
  };
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
      const [daemonLine, licenseLine, fixLine, blank, ...lines] = table.stdout.trimEnd().split('\n');
      assert.match(
        daemonLine!,
        /^daemon: not running at http:\/\/127\.0\.0\.1:1 \(.*hooks evaluate the rules themselves/,
      );
      assert.match(licenseLine!, /^license: none \(no license at .*license\.jwt, and no SSO sign-in .*hosts\.toml\)$/);
      assert.equal(
        fixLine,
        '  fix: sign in with `ssg auth login --sso`, or put a license from your account in license.jwt',
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

  it('shows the license tier, until when and what it unlocks, or why there is none', () => {
    const ws = new Workspace();
    try {
      const issuer = newTestIssuer();
      trustTestIssuer(ws.home, issuer);
      const exp = Math.floor(Date.parse('2031-05-01T00:00:00Z') / 1000);
      ws.write(
        'ssg-home/license.jwt',
        mintLicense(issuer.privateKey, { iss: 'test-issuer', tier: 'team', exp, features: ['opencode'] }),
      );
      const run = ws.run(['doctor']);
      assert.match(
        run.stdout,
        /^license: team \(until 2031-05-01T00:00:00\.000Z, features: opencode\) from license\.jwt\n\n/m,
      );
      const json = JSON.parse(ws.run(['doctor', '--json']).stdout) as DoctorJson;
      assert.deepEqual(json.license, {
        tier: 'team',
        expiresAt: '2031-05-01T00:00:00.000Z',
        features: ['opencode'],
        source: 'license.jwt',
        advice: [],
      });
      ws.write('ssg-home/license.jwt', 'garbage');
      assert.match(ws.run(['doctor']).stdout, /^license: none \(the license is not a JWT/m);
    } finally {
      ws.cleanup();
    }
  });

  it("shows the latest errors of the daemon's log, made printable", () => {
    const ws = new Workspace();
    try {
      const line = (msg: string, time: number) => JSON.stringify({ level: 50, time, msg });
      ws.write('ssg-home/logs/daemon.log', `${line('disk full', 0)}\n${line('bad \u001b[31mred\u001b[0m', 1000)}\n`);
      const table = ws.run(['doctor']);
      assert.equal(table.status, 0, table.stderr);
      assert.match(
        table.stdout,
        /latest errors in .*ssg-home\/logs\/daemon\.log:\n {2}1970-01-01T00:00:00\.000Z {2}disk full\n/,
      );
      assert.match(table.stdout, / {2}1970-01-01T00:00:01\.000Z {2}bad \?\[31mred\?\[0m\n/);
      const json = JSON.parse(ws.run(['doctor', '--json']).stdout) as DoctorJson;
      assert.deepEqual(json.daemon.recentErrors, [
        { time: 0, message: 'disk full' },
        { time: 1000, message: 'bad \u001b[31mred\u001b[0m' },
      ]);
    } finally {
      ws.cleanup();
    }
  });
});
