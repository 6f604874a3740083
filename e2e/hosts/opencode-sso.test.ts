// Issue 16's "done": a member signs in with `ssg auth login --sso`, and the real OpenCode then runs governed on the
// licence that sign-in brought. Real parts: the fleet server (SQLite in a temp folder), an OpenID provider
// (oidc-provider) whose login pages are played headlessly from the URL the CLI printed for a headless machine,
// the built CLI on PATH, and `opencode run` against a fake Messages API (the only fake: the model). No license.jwt
// is written: without the sign-in's licence the plugin would block every call (OpenCode enforcement fails
// closed), so a call that runs proves the licence is used, and a destructive one stopped proves it is governed.
// The machine trusts the fleet's licence issuer (license-issuer.json), as a self-hosted fleet's members do.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_SSO_CALLBACK } from '@ssg/contracts/fleet';
import { type SsoFleet, startSsoFleet } from '@ssg/fleet/testing/sso-fleet';
import { ssgBin } from '@ssg/testing/cli-harness';
import { FakeMessagesApi } from '@ssg/testing/fake-messages-api';
import { waitForFreePort } from '@ssg/testing/free-port';
import { loginHeadless } from '@ssg/testing/oidc-provider-server';
import { hostBin, HostWorkspace } from '../support/host-workspace';
import { opencodeEnv, opencodeProviderConfig, OPENCODE_MODEL, type OpencodeRunEvent } from '../support/opencode';

const ADA = 'ada@acme.test';

const RULES = `rule e2e_no_recursive_delete {
  priority 100
  DENY execution
  IF command REGEX "^rm\\s+-[a-zA-Z]*r"
  MESSAGE "e2e: recursive deletes are blocked in this project"
}
`;

describe('OpenCode governed on the licence of an SSO sign-in', () => {
  const workspace = new HostWorkspace();
  const env = opencodeEnv(workspace);
  let sso: SsoFleet;

  before(async () => {
    // The organization as its admin sets it up (SSO, the domain, a member) with the operator's enterprise subscription.
    sso = await startSsoFleet({
      orgId: 'org_acme',
      name: 'Acme',
      ssoDomain: 'acme.test',
      members: [{ email: ADA, role: 'member' }],
      tier: 'enterprise',
      accounts: [ADA],
    });
    workspace.write('ssg-home/license-issuer.json', JSON.stringify(sso.licenceIssuer));
    workspace.write('project/precious.txt', 'keep me\n');
    workspace.write('project/.ssg/rules/project.rules', RULES);
    workspace.trust();
  });
  after(async () => {
    await sso?.close();
    workspace.cleanup();
  });

  test('ssg auth login --sso: the provider sign-in from the printed URL, then ENTERPRISE', async () => {
    await waitForFreePort(8399);
    const login = spawn(
      process.execPath,
      [
        ssgBin,
        ...['auth', 'login', '--sso', '--no-browser'],
        ...['--issuer', sso.provider.issuer, '--client-id', sso.clientId, '--fleet-url', sso.fleet.url],
      ],
      { env: workspace.env({ SSG_TOKEN_STORE: 'file' }) },
    );
    let stdout = '';
    let stderr = '';
    login.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const printedUrl = await new Promise<string>((resolve, reject) => {
      login.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const url = stdout.match(/https?:\/\/\S+\/auth\?\S+/)?.[0];
        if (url) resolve(url);
      });
      login.once('exit', (code) => reject(new Error(`ssg auth login exited ${code}:\n${stdout}\n${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => login.once('exit', resolve));
    // The person's browser: the provider's pages, then the redirect to the CLI's loopback callback.
    const callback = await loginHeadless(printedUrl, { email: ADA, redirectUri: CLI_SSO_CALLBACK });
    const landed = await fetch(callback);
    assert.equal(landed.status, 200, await landed.text());
    assert.equal(await exited, 0, `${stdout}\n${stderr}`);
    assert.match(stdout, /Signed in as ada@acme\.test to org_acme \(Acme\)/);
    assert.match(stdout, /ENTERPRISE/);
    assert.equal(statSync(join(workspace.home, 'hosts.toml')).mode & 0o777, 0o600);
    assert.ok(!existsSync(join(workspace.home, 'license.jwt')), 'the licence is the sign-in’s, not a file');

    const status = workspace.run(['auth', 'status']);
    assert.equal(status.status, 0, status.stderr);
    assert.match(status.stdout, /ENTERPRISE/);
  });

  test('OpenCode then runs governed: a harmless call runs, a recursive delete is stopped', async () => {
    const init = workspace.run(['init', '--client=opencode']);
    assert.equal(init.status, 0, init.stderr);
    const api = await FakeMessagesApi.start([
      { toolUse: { name: 'bash', input: { command: 'cat precious.txt', description: 'Show the file' } } },
      { toolUse: { name: 'bash', input: { command: 'rm -rf precious.txt', description: 'Remove the file' } } },
      { text: 'Done.' },
    ]);
    try {
      workspace.write('.config/opencode/opencode.json', opencodeProviderConfig(api.url));
      const run = await workspace.runHost(
        hostBin('opencode'),
        ['run', '--dir', workspace.project, '--model', OPENCODE_MODEL, '--format', 'json', 'tidy up the project'],
        { env, timeoutMs: 150_000 },
      );
      assert.equal(run.status, 0, `opencode failed:\n${run.stderr}\n${run.stdout}`);
      const bash = run.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as OpencodeRunEvent)
        .filter((event) => event.type === 'tool_use' && event.part?.tool === 'bash');
      assert.deepEqual(
        bash.map((event) => event.part?.state?.status),
        ['completed', 'error'],
        run.stdout,
      );
      const [shown, stopped] = api.toolResults();
      assert.equal(shown?.isError, false, shown?.text);
      assert.match(shown!.text, /keep me/);
      assert.equal(stopped?.isError, true);
      assert.match(stopped!.text, /recursive deletes are blocked in this project/);
      assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the file survives');
    } finally {
      await api.close();
    }
  });
});
