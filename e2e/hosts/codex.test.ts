// The real Codex CLI (`codex`, pinned in e2e/package.json) loads what `ssg init --client=codex` and
// `--client=codex-desktop` write into ~/.codex, with CODEX_HOME pointing into a temp workspace:
// - config.toml: `codex mcp list --json` exits 0 and lists `ssg-governance` with the command, args and env our
//   installer wrote, next to the user's own `[mcp_servers.mine]`, which survives init and uninstall; after
//   `ssg uninstall --client=codex` our server is gone. Both adapters share that one table (codex-desktop has no
//   other name for it); installed side by side, removing one leaves the other's entry loaded.
// - Codex refuses a config.toml holding the `[[hooks]]` array older ssg versions wrote (`codex` exits 1 with
//   "invalid type: sequence, expected struct HooksToml"); after `ssg init --client=codex` it loads the file again.
// - hooks.json: `hooks/list` on the real `codex app-server` (the inventory behind the TUI's /hooks; a hooks.json
//   it cannot parse shows up there as a warning and no hooks) lists our PreToolUse hook as parsed by Codex, naming
//   ssg by a path that exists, and **trusted** right after a plain `ssg init --client=codex` (an untrusted hook
//   is one Codex silently skips).
// Not proven here: codex-desktop's project `.codex/mcp.json` (the Codex CLI never reads that file).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { codexAppServerRequest } from '../support/codex-app-server';
import { hostBin, HostWorkspace } from '../support/host-workspace';

const USER_SERVER = `# my own server
[mcp_servers.mine]
command = "my-mcp"
args = ["--port", "9000"]
`;

/** What ssg versions before the native hook wrote into config.toml. */
const LEGACY_HOOKS = `
[[hooks]]
event = "PreToolUse"
command = "ssg hook eval"
`;

interface McpServer {
  name: string;
  enabled: boolean;
  transport: { type: string; command: string; args: string[]; env: Record<string, string> | null };
}

interface HookEntry {
  eventName: string;
  handlerType: string;
  command?: string;
  matcher: string | null;
  timeoutSec: number;
  source: string;
  sourcePath: string;
  trustStatus: string;
}

interface HooksList {
  data: { cwd: string; hooks: HookEntry[]; warnings: string[]; errors: { message: string }[] }[];
}

/** Codex reads $CODEX_HOME, else ~/.codex; pinned so a CODEX_HOME in the caller's environment cannot leak in. */
const codexEnv = (workspace: HostWorkspace) => ({ CODEX_HOME: join(workspace.root, '.codex') });

function ssg(workspace: HostWorkspace, args: string[]): void {
  const run = workspace.run(args);
  assert.equal(run.status, 0, `ssg ${args.join(' ')} failed:\n${run.stderr}`);
}

async function codexMcpList(workspace: HostWorkspace) {
  return workspace.runHost(hostBin('codex'), ['mcp', 'list', '--json'], {
    env: codexEnv(workspace),
    timeoutMs: 30_000,
  });
}

/** The servers the real loader accepted, by name; fails when Codex refuses the config. */
async function loadedServers(workspace: HostWorkspace): Promise<Map<string, McpServer>> {
  const run = await codexMcpList(workspace);
  assert.equal(run.status, 0, `codex mcp list failed:\n${run.stderr}`);
  const servers = JSON.parse(run.stdout) as McpServer[];
  return new Map(servers.map((server) => [server.name, server]));
}

function assertGovernanceServer(servers: Map<string, McpServer>, client: string): void {
  const server = servers.get('ssg-governance');
  assert.ok(server, `ssg-governance is not loaded; Codex lists: ${[...servers.keys()].join(', ')}`);
  assert.equal(server.enabled, true);
  assert.deepEqual(
    { type: server.transport.type, command: server.transport.command, args: server.transport.args },
    { type: 'stdio', command: 'ssg', args: ['mcp-server'] },
  );
  assert.deepEqual(server.transport.env, { SSG_CLIENT: client });
}

function assertUserServer(servers: Map<string, McpServer>): void {
  const mine = servers.get('mine');
  assert.ok(mine, 'the user-written [mcp_servers.mine] is no longer loaded');
  assert.deepEqual([mine.transport.command, ...mine.transport.args], ['my-mcp', '--port', '9000']);
}

function newWorkspace(configToml: string): HostWorkspace {
  const workspace = new HostWorkspace();
  workspace.write('.codex/config.toml', configToml);
  return workspace;
}

describe('Codex CLI with ssg init --client=codex', () => {
  const workspace = newWorkspace(USER_SERVER);
  before(() => ssg(workspace, ['init', '--client=codex']));
  after(() => workspace.cleanup());

  test('codex mcp list accepts config.toml and lists ssg-governance as written, beside the user server', async () => {
    const servers = await loadedServers(workspace);
    assertGovernanceServer(servers, 'codex');
    assertUserServer(servers);
  });

  test("Codex's hook loader parses hooks.json into our PreToolUse hook", async () => {
    const list = await codexAppServerRequest<HooksList>(
      workspace,
      'hooks/list',
      { cwds: [workspace.project] },
      { env: codexEnv(workspace) },
    );
    const [entry] = list.data;
    assert.ok(entry, 'hooks/list returned no inventory');
    assert.deepEqual(entry.warnings, [], 'Codex could not parse hooks.json');
    assert.deepEqual(entry.errors, []);
    const ours = entry.hooks.filter((hook) => hook.command?.endsWith(' hook codex --source=native'));
    assert.equal(ours.length, 1, `our hook is not loaded; hooks: ${JSON.stringify(entry.hooks)}`);
    const { eventName, handlerType, matcher, timeoutSec, source, sourcePath, trustStatus, command } = ours[0]!;
    const program = command!.slice(0, -' hook codex --source=native'.length);
    for (const word of program.split(' ')) assert.ok(existsSync(word), `${word} in the hook command exists`);
    assert.deepEqual(
      { eventName, handlerType, matcher, timeoutSec, source, sourcePath, trustStatus },
      {
        eventName: 'preToolUse',
        handlerType: 'command',
        matcher: '*',
        timeoutSec: 90,
        source: 'user',
        sourcePath: join(workspace.root, '.codex', 'hooks.json'),
        trustStatus: 'trusted', // init writes the entry /hooks writes
      },
    );
  });
});

describe('ssg uninstall --client=codex', () => {
  const workspace = newWorkspace(USER_SERVER);
  before(() => {
    ssg(workspace, ['init', '--client=codex']);
    ssg(workspace, ['uninstall', '--client=codex']);
  });
  after(() => workspace.cleanup());

  test('codex mcp list no longer lists ssg-governance; the user server is still loaded', async () => {
    const servers = await loadedServers(workspace);
    assert.equal(servers.has('ssg-governance'), false, 'ssg-governance is still loaded');
    assertUserServer(servers);
  });
});

describe('a config.toml with the legacy [[hooks]] of older ssg versions', () => {
  const workspace = newWorkspace(USER_SERVER + LEGACY_HOOKS);
  after(() => workspace.cleanup());

  test('Codex refuses to load it', async () => {
    const run = await codexMcpList(workspace);
    assert.notEqual(run.status, 0, `codex accepted a [[hooks]] array:\n${run.stdout}`);
    assert.match(run.stderr, /invalid type: sequence, expected struct HooksToml/);
    assert.match(run.stderr, /in `hooks`/);
  });

  test('after ssg init --client=codex Codex loads it again, with our server and the user server', async () => {
    ssg(workspace, ['init', '--client=codex']);
    const servers = await loadedServers(workspace);
    assertGovernanceServer(servers, 'codex');
    assertUserServer(servers);
  });
});

describe('Codex CLI with ssg init --client=codex-desktop', () => {
  const workspace = newWorkspace(USER_SERVER);
  before(() => ssg(workspace, ['init', '--client=codex-desktop']));
  after(() => workspace.cleanup());

  test('codex mcp list lists ssg-governance for the desktop client, beside the user server', async () => {
    const servers = await loadedServers(workspace);
    assertGovernanceServer(servers, 'codex-desktop');
    assertUserServer(servers);
  });
});

describe('codex and codex-desktop installed side by side', () => {
  const workspace = newWorkspace(USER_SERVER);
  before(() => {
    ssg(workspace, ['init', '--client=codex']);
    ssg(workspace, ['init', '--client=codex-desktop']);
  });
  after(() => workspace.cleanup());

  test('Codex loads the one shared ssg-governance server, with the desktop client', async () => {
    const servers = await loadedServers(workspace);
    assertGovernanceServer(servers, 'codex-desktop');
    assertUserServer(servers);
  });

  test("uninstalling codex-desktop leaves codex's server loaded; uninstalling codex too removes it", async () => {
    ssg(workspace, ['uninstall', '--client=codex-desktop']);
    const afterDesktop = await loadedServers(workspace);
    assertGovernanceServer(afterDesktop, 'codex');
    assertUserServer(afterDesktop);

    ssg(workspace, ['uninstall', '--client=codex']);
    const afterBoth = await loadedServers(workspace);
    assert.equal(afterBoth.has('ssg-governance'), false, 'ssg-governance is still loaded');
    assertUserServer(afterBoth);
  });
});
