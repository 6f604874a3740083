import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { LocalHub, newKeyPair, type TestKeyPair } from '../../hub/local-hub.testing';

const RULES = `rule hub-no-curl {
  DENY execution
  IF command STARTS_WITH "curl "
  MESSAGE "no curl from the hub ruleset"
}
`;

describe('ssg hub', () => {
  const hub = new LocalHub();
  let keys: TestKeyPair;
  let closedHubUrl = '';

  before(async () => {
    const closed = new LocalHub();
    await closed.start();
    closedHubUrl = closed.url;
    await closed.stop();
    ensureBuilt();
    keys = newKeyPair();
    hub.publish(keys, { 'rules-demo': RULES, 'rules-two': RULES.replace('hub-no-curl', 'hub-two') });
    await hub.start();
  });
  after(() => hub.stop());

  const run = (workspace: Workspace, args: string[], env: Record<string, string> = {}) =>
    workspace.runAsync(args, { env: { SSG_HUB_PUBLIC_KEY: keys.derHex, SSG_HUB_URL: hub.url, ...env } });

  it('pulls into ~/.ssg/rules/hub, where the rules then apply', async () => {
    const workspace = new Workspace();
    try {
      const pulled = await run(workspace, ['hub', 'pull', 'rules-demo']);
      assert.equal(pulled.status, 0, pulled.stderr);
      const path = join(workspace.home, 'rules', 'hub', 'rules-demo.rules');
      assert.equal(readFileSync(path, 'utf8'), RULES);
      assert.match(pulled.stdout, /signing key [0-9a-f]{16} matches the pinned key/);
      assert.match(pulled.stdout, /rules-demo: 1 rules, content hash [0-9a-f]{16}… verified/);
      assert.match(pulled.stdout, /rules-demo: ed25519 signature verified against the pinned key/);
      assert.ok(pulled.stdout.endsWith(`rules-demo: wrote ${path}\n`));

      const again = await run(workspace, ['hub', 'pull', 'rules-demo']);
      assert.match(again.stdout, /already up to date; nothing written/);

      const verdict = await workspace.runAsync(['eval'], { input: '{"tool":"Bash","input":{"command":"curl x"}}' });
      assert.equal(JSON.parse(verdict.stdout).rule_id, 'hub-no-curl');
    } finally {
      workspace.cleanup();
    }
  });

  it('--project installs into the project, --dry-run writes nothing, --hub overrides SSG_HUB_URL', async () => {
    const workspace = new Workspace();
    try {
      const dry = await run(workspace, ['hub', 'pull', 'rules-demo', '--project', '--dry-run']);
      assert.equal(dry.status, 0, dry.stderr);
      assert.match(dry.stdout, /dry run: would write .*\.ssg\/rules\/hub\/rules-demo\.rules; nothing written/);
      assert.equal(existsSync(join(workspace.project, '.ssg')), false);

      const pulled = await run(workspace, ['hub', 'pull', 'rules-demo', '--project', `--hub=${hub.url}`], {
        SSG_HUB_URL: closedHubUrl,
      });
      assert.equal(pulled.status, 0, pulled.stderr);
      assert.equal(readFileSync(join(workspace.project, '.ssg', 'rules', 'hub', 'rules-demo.rules'), 'utf8'), RULES);
      assert.equal(existsSync(join(workspace.home, 'rules')), false);
    } finally {
      workspace.cleanup();
    }
  });

  it('lists the rulesets as a table and as JSON', async () => {
    const workspace = new Workspace();
    try {
      const table = await run(workspace, ['hub', 'list']);
      assert.equal(table.status, 0, table.stderr);
      assert.match(table.stdout, /ruleset\s+rules\s+tier\s+title\n/);
      assert.match(table.stdout, /rules-demo\s+1\s+free\s+Title of rules-demo\n/);
      const json = await run(workspace, ['hub', 'list', '--json']);
      assert.deepEqual(
        JSON.parse(json.stdout).map((entry: { id: string }) => entry.id),
        ['rules-demo', 'rules-two'],
      );
      assert.match(json.stderr, /matches the pinned key/);
    } finally {
      workspace.cleanup();
    }
  });

  const failures: {
    name: string;
    args: () => string[];
    env?: Record<string, string>;
    status: number;
    stderr: RegExp;
  }[] = [
    { name: 'no subcommand', args: () => ['hub'], status: 2, stderr: /^ssg hub: missing subcommand — / },
    { name: 'unknown subcommand', args: () => ['hub', 'push'], status: 2, stderr: /unknown subcommand 'push'/ },
    { name: 'no ruleset', args: () => ['hub', 'pull'], status: 2, stderr: /missing the ruleset to pull/ },
    { name: 'two rulesets', args: () => ['hub', 'pull', 'a', 'b'], status: 2, stderr: /unexpected argument 'b'/ },
    {
      name: 'bad hub URL',
      args: () => ['hub', 'list', '--hub', 'nope'],
      status: 2,
      stderr: /hub URL 'nope' is not a URL/,
    },
    {
      name: 'unknown ruleset',
      args: () => ['hub', 'pull', 'rules-nope'],
      status: 1,
      stderr: /^ssg hub: the hub has no ruleset 'rules-nope' \(it has: rules-demo, rules-two\) — run `ssg hub list`/,
    },
    {
      name: 'hub signed by a key other than the pinned one',
      args: () => ['hub', 'pull', 'rules-demo'],
      env: { SSG_HUB_PUBLIC_KEY: '' },
      status: 1,
      stderr: /is not the pinned key .* — nothing was installed; if you run your own hub, set SSG_HUB_PUBLIC_KEY/,
    },
    {
      name: 'unreachable hub',
      args: () => ['hub', 'list', '--hub', closedHubUrl],
      status: 1,
      stderr: /cannot fetch the manifest from http:\/\/127\.0\.0\.1:\d+\/manifest\.json: connection refused/,
    },
  ];
  for (const { name, args, env, status, stderr } of failures) {
    it(`fails with exit ${status} and one line: ${name}`, async () => {
      const workspace = new Workspace();
      try {
        const result = await run(workspace, args(), env);
        assert.equal(result.status, status, result.stderr);
        assert.match(result.stderr, stderr);
        assert.equal(result.stderr.trim().split('\n').length, 1);
        assert.equal(existsSync(join(workspace.home, 'rules')), false);
      } finally {
        workspace.cleanup();
      }
    });
  }

  it('documents itself', async () => {
    const workspace = new Workspace();
    try {
      const help = await run(workspace, ['hub', '--help']);
      assert.equal(help.status, 0);
      assert.match(help.stdout, /^Usage: ssg hub pull <ruleset> \[--hub <url>\] \[--project\] \[--dry-run\]/);
    } finally {
      workspace.cleanup();
    }
  });
});
