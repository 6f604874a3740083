import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { pluginFilePath } from '@ssg/node/resources';

describe('ssg plugins (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(() => ws.cleanup());

  it('emit opencode prints the shipped plugin byte for byte', () => {
    const run = ws.run(['plugins', 'emit', 'opencode']);
    assert.equal(run.status, 0);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, readFileSync(pluginFilePath('opencode'), 'utf8'));
    assert.match(run.stdout, /export const SsgGovernance = async \(ctx\)/);
  });

  it('emit grok-bot prints the ssg-guardrails skill byte for byte', () => {
    const run = ws.run(['plugins', 'emit', 'grok-bot']);
    assert.equal(run.status, 0);
    assert.equal(run.stdout, readFileSync(pluginFilePath('grok-bot'), 'utf8'));
    assert.match(run.stdout, /^---\nname: ssg-guardrails\n/);
  });

  const misuse: Array<{ name: string; args: string[]; stderr: RegExp }> = [
    { name: 'no subcommand', args: ['plugins'], stderr: /^ssg plugins: missing subcommand — use `ssg plugins emit/ },
    { name: 'another subcommand', args: ['plugins', 'install', 'opencode'], stderr: /unknown subcommand 'install'/ },
    { name: 'no host', args: ['plugins', 'emit'], stderr: /missing host — hosts: opencode, grok-bot/ },
    { name: 'a host without a plugin', args: ['plugins', 'emit', 'cursor'], stderr: /no plugin for host 'cursor'/ },
    { name: 'a prototype key as the host', args: ['plugins', 'emit', 'constructor'], stderr: /no plugin for host/ },
    { name: 'an extra argument', args: ['plugins', 'emit', 'opencode', 'x'], stderr: /unexpected argument 'x'/ },
    { name: 'an unknown option', args: ['plugins', 'emit', 'opencode', '--out=x'], stderr: /unknown option '--out'/ },
  ];
  for (const tc of misuse) {
    it(`exits 2 on ${tc.name}`, () => {
      const run = ws.run(tc.args);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, tc.stderr);
    });
  }

  it('shows its help', () => {
    const run = ws.run(['plugins', '--help']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^Usage: ssg plugins emit <host>/);
  });
});
