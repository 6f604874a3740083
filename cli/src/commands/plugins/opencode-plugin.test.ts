// The shipped OpenCode plugin, loaded by Node as OpenCode loads it, against the built CLI.
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, ssgBin, Workspace } from '@ssg/testing/cli-harness';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { pluginFilePath } from '@ssg/node/resources';

type BeforeHook = (
  input: { tool: string; sessionID: string; callID: string },
  output: { args: unknown },
) => Promise<void>;
type AfterHook = (
  input: { tool: string; sessionID: string; callID: string },
  output: { output: string },
) => Promise<void>;
type Plugin = (ctx: {
  directory: string;
}) => Promise<{ 'tool.execute.before'?: BeforeHook; 'tool.execute.after'?: AfterHook }>;

describe('the OpenCode plugin', () => {
  let ws: Workspace;
  let beforeHook: BeforeHook;
  let afterHook: AfterHook;
  const saved = { ...process.env };
  before(async () => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.trust();
    const issuer = newTestIssuer();
    const license = ws.write(
      'ssg-home/license.jwt',
      mintLicense(issuer.privateKey, { iss: 'test-issuer', tier: 'pro', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    chmodSync(license, 0o600);
    trustTestIssuer(ws.home, issuer);
    // The plugin runs ssg with this process's environment, as it does inside OpenCode.
    Object.assign(process.env, ws.env({ SSG_BIN: ssgBin }));
    const { SsgGovernance } = (await import(pathToFileURL(pluginFilePath('opencode')).href)) as {
      SsgGovernance: Plugin;
    };
    const hooks = await SsgGovernance({ directory: ws.project });
    beforeHook = hooks['tool.execute.before']!;
    afterHook = hooks['tool.execute.after']!;
  });
  after(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    ws.cleanup();
  });

  const call = (command: string) =>
    beforeHook({ tool: 'bash', sessionID: 'ses_1', callID: 'call_1' }, { args: { command } });

  const stopped: Array<{ name: string; command: string; message: string }> = [
    {
      name: 'a blocked call',
      command: 'rm -rf /',
      message: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.',
    },
    {
      name: 'a forced call',
      command: 'npm install express',
      message: 'ssg blocked this (rule use-pnpm): This project uses pnpm. Run this instead: pnpm install',
    },
    { name: 'a call a rule asks about', command: 'git push', message: 'ssg asks (rule ask-push): Push to the remote?' },
  ];
  for (const tc of stopped) {
    it(`throws ssg's reason on ${tc.name}`, async () => {
      await assert.rejects(call(tc.command), { message: tc.message });
    });
  }

  it("appends ssg's note for an allowed call to that call's output, once", async () => {
    // A stand-in for ssg that allows with a note, as the daemon does in warn mode.
    const stub = ws.write(
      'bin/ssg-note',
      '#!/bin/sh\necho \'{"decision":"allow","reason":"","note":"ssg: a cap is near"}\'\n',
    );
    chmodSync(stub, 0o755);
    const real = process.env.SSG_BIN;
    process.env.SSG_BIN = stub;
    try {
      await beforeHook({ tool: 'bash', sessionID: 'ses_1', callID: 'noted' }, { args: { command: 'ls' } });
    } finally {
      process.env.SSG_BIN = real;
    }
    const other = { output: 'other call' };
    await afterHook({ tool: 'bash', sessionID: 'ses_1', callID: 'unrelated' }, other);
    assert.equal(other.output, 'other call');
    const noted = { output: 'file.txt' };
    await afterHook({ tool: 'bash', sessionID: 'ses_1', callID: 'noted' }, noted);
    assert.equal(noted.output, 'file.txt\n\nssg: a cap is near');
    await afterHook({ tool: 'bash', sessionID: 'ses_1', callID: 'noted' }, noted);
    assert.equal(noted.output, 'file.txt\n\nssg: a cap is near', 'appended once');
  });

  it('resolves on an allowed call', async () => {
    assert.equal(await call('ls'), undefined);
  });

  const broken: Array<{ name: string; env: () => Record<string, string>; message: RegExp }> = [
    {
      name: 'ssg cannot be found',
      env: () => ({ SSG_BIN: join(ws.root, 'no-such-ssg') }),
      message: /^ssg could not check this call \(spawn .*no-such-ssg ENOENT\), so it is blocked/,
    },
    {
      name: 'ssg answers garbage',
      env: () => ({ SSG_BIN: script('garbage', 'echo not-json') }),
      message:
        /^ssg could not check this call \(ssg answered something that is not JSON: "not-json\\n"\), so it is blocked/,
    },
    {
      name: 'ssg answers without a decision',
      env: () => ({ SSG_BIN: script('no-decision', `echo '{"reason":"x"}'`) }),
      message: /ssg answered without a decision/,
    },
    {
      name: 'ssg fails',
      env: () => ({ SSG_BIN: script('fails', 'echo broken >&2; exit 3') }),
      message: /ssg exited with 3: broken/,
    },
    {
      name: 'ssg does not answer in time',
      env: () => ({ SSG_BIN: script('hangs', 'exec sleep 30'), SSG_HOOK_TIMEOUT_MS: '200' }),
      message: /no answer within 200 ms/,
    },
  ];
  const script = (name: string, body: string): string => {
    const path = ws.write(`bin/${name}`, `#!/bin/sh\ncat >/dev/null\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  for (const tc of broken) {
    it(`blocks the call (fails closed) when ${tc.name}`, async () => {
      const before = { SSG_BIN: process.env.SSG_BIN, SSG_HOOK_TIMEOUT_MS: process.env.SSG_HOOK_TIMEOUT_MS };
      Object.assign(process.env, tc.env());
      try {
        await assert.rejects(call('ls'), (error: Error) => tc.message.test(error.message));
      } finally {
        process.env.SSG_BIN = before.SSG_BIN;
        if (before.SSG_HOOK_TIMEOUT_MS === undefined) delete process.env.SSG_HOOK_TIMEOUT_MS;
      }
    });
  }

  it('blocks every call without a license', async () => {
    writeFileSync(join(ws.home, 'license.jwt'), '');
    await assert.rejects(call('ls'), /OpenCode enforcement needs an active ssg license/);
  });
});
