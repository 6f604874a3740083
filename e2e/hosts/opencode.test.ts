// The real OpenCode CLI (`opencode`, pinned in e2e/package.json) after `ssg init --client=opencode`:
// - `opencode debug config` (the resolved configuration, no model call) accepts the project's opencode.json as
//   ssg wrote it, with our MCP server and the `permission` map transpiled from the project's rules, and lists
//   .opencode/plugins/ssg-governance.js as a local plugin.
// - `opencode run` against a fake Anthropic Messages API on loopback (the only fake part; the provider is set in
//   the user's global config so the project's files stay exactly as ssg wrote them) loads and runs the plugin:
//   a scripted `rm -rf precious.txt` bash call is stopped by the plugin through `ssg hook opencode` (the file
//   survives, the model gets our rule's message), a harmless call runs. The blocking rule is a REGEX, which has
//   no OpenCode permission pattern, so only the plugin can stop that call. `ssg hook opencode` blocks everything
//   without a license, so the test mints its own (SSG_LICENSE_PUBLIC_KEY); the allowed call proves it is used.
// Isolation and the fake model's config: ../support/opencode.ts.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { FakeMessagesApi, type ScriptedTurn } from '@ssg/testing/fake-messages-api';
import { hostBin, HostWorkspace } from '../support/host-workspace';
import { opencodeEnv, opencodeProviderConfig, OPENCODE_MODEL, type OpencodeRunEvent } from '../support/opencode';

const PROJECT_RULES = `rule e2e_no_force_push {
  priority 50
  DENY execution
  IF command STARTS_WITH "git push --force"
  MESSAGE "e2e: force pushes are blocked"
}

rule e2e_no_recursive_delete {
  priority 100
  DENY execution
  IF command REGEX "^rm\\s+-[a-zA-Z]*r"
  MESSAGE "e2e: recursive deletes are blocked in this project"
}
`;

interface ResolvedConfig {
  mcp?: Record<string, unknown>;
  permission?: Record<string, unknown>;
  plugin?: string[];
  plugin_origins?: { spec: string; source: string; scope: string }[];
}

describe('OpenCode with ssg init --client=opencode', () => {
  const workspace = new HostWorkspace();
  const issuer = newTestIssuer();
  const env = opencodeEnv(workspace);
  const pluginPath = join(workspace.project, '.opencode', 'plugins', 'ssg-governance.js');

  before(() => {
    workspace.write('project/precious.txt', 'keep me\n');
    workspace.write('project/.ssg/rules/project.rules', PROJECT_RULES);
    workspace.trust();
    const license = mintLicense(issuer.privateKey, {
      iss: 'ssg-accounts',
      exp: Math.floor(Date.now() / 1000) + 3600,
      tier: 'team',
      features: ['opencode'],
    });
    workspace.write('ssg-home/license.jwt', license);
    // The test issuer stands in for ssg's own (license-issuer.json, as a self-hosted fleet is configured).
    trustTestIssuer(workspace.home, issuer, 'ssg-accounts');
    const init = workspace.run(['init', '--client=opencode']);
    assert.equal(init.status, 0, init.stderr);
  });
  after(() => workspace.cleanup());

  async function runOpencode(script: readonly ScriptedTurn[]) {
    const api = await FakeMessagesApi.start(script);
    try {
      workspace.write('.config/opencode/opencode.json', opencodeProviderConfig(api.url));
      const run = await workspace.runHost(
        hostBin('opencode'),
        ['run', '--dir', workspace.project, '--model', OPENCODE_MODEL, '--format', 'json', 'tidy up the project'],
        // A run takes 10–25 s here; a loaded CI machine has been seen to need more.
        { env, timeoutMs: 150_000 },
      );
      const events = run.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as OpencodeRunEvent);
      const bashCalls = events.filter((event) => event.type === 'tool_use' && event.part?.tool === 'bash');
      return { run, api, bashCalls };
    } finally {
      await api.close();
    }
  }

  test('opencode debug config accepts opencode.json: our MCP server, permission map and plugin', async () => {
    const run = await workspace.runHost(hostBin('opencode'), ['debug', 'config'], { env, timeoutMs: 60_000 });
    assert.equal(run.status, 0, `opencode debug config failed:\n${run.stderr}`);
    const config = JSON.parse(run.stdout) as ResolvedConfig;
    assert.deepEqual(config.mcp?.['ssg-governance'], {
      type: 'local',
      command: ['ssg', 'mcp-server'],
      environment: { SSG_CLIENT: 'opencode' },
      enabled: true,
    });
    assert.deepEqual(config.permission, { bash: { '*': 'allow', 'git push --force*': 'deny' } });
    const spec = `file://${pluginPath}`;
    assert.ok(config.plugin?.includes(spec), `the plugin is not listed: ${JSON.stringify(config.plugin)}`);
    assert.deepEqual(
      config.plugin_origins?.find((origin) => origin.spec === spec),
      { spec, source: join(workspace.project, '.opencode'), scope: 'local' },
    );
  });

  test('the plugin stops a destructive bash call and the model is told why', async () => {
    const { run, api, bashCalls } = await runOpencode([
      { toolUse: { name: 'bash', input: { command: 'rm -rf precious.txt', description: 'Remove the file' } } },
      { text: 'I could not delete it.' },
    ]);
    assert.equal(run.status, 0, `opencode failed:\n${run.stderr}\n${run.stdout}`);
    assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the targeted file must still exist');
    assert.equal(bashCalls.length, 1, `expected one bash call:\n${run.stdout}`);
    assert.equal(bashCalls[0]!.part?.state?.status, 'error');
    const [result] = api.toolResults();
    assert.ok(result, `no tool_result was sent back; requests: ${api.requests.length}`);
    assert.equal(result.isError, true);
    assert.match(result.text, /recursive deletes are blocked in this project/);
    assert.match(result.text, /e2e_no_recursive_delete/);
  });

  test('a harmless bash call runs', async () => {
    const { run, api, bashCalls } = await runOpencode([
      { toolUse: { name: 'bash', input: { command: 'cat precious.txt', description: 'Show the file' } } },
      { text: 'It says keep me.' },
    ]);
    assert.equal(run.status, 0, `opencode failed:\n${run.stderr}\n${run.stdout}`);
    assert.equal(bashCalls[0]?.part?.state?.status, 'completed', run.stdout);
    const [result] = api.toolResults();
    assert.ok(result, 'no tool_result was sent back');
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /keep me/);
    assert.equal(readFileSync(join(workspace.project, 'precious.txt'), 'utf8'), 'keep me\n');
  });
});
