import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { installerFor } from './installers';
import { isolateHostEnvironment } from './adapter/host-env.testing';
import { adapterNamed, adapterNames, detectHost, selectAdapter, UnknownClientError } from './registry';

describe('selectAdapter', () => {
  const host = isolateHostEnvironment();

  const cases: Array<{
    name: string;
    explicit?: string;
    env?: Record<string, string>;
    folders?: string[];
    want: string;
  }> = [
    { name: 'nothing detected → generic', want: 'generic' },
    { name: 'Claude Code detected', env: { CLAUDE_CODE_ENTRYPOINT: 'cli' }, want: 'claude-code' },
    { name: 'SSG_CLIENT beats detection', env: { SSG_CLIENT: 'aider', CLAUDE_CODE_ENTRYPOINT: 'cli' }, want: 'aider' },
    { name: 'SSG_CLIENT=generic beats detection', env: { SSG_CLIENT: 'generic', REPL_ID: 'r' }, want: 'generic' },
    { name: 'SSG_CLIENT beats a folder', env: { SSG_CLIENT: 'pi' }, folders: ['.cursor'], want: 'pi' },
    { name: 'explicit beats SSG_CLIENT', explicit: 'claude-code', env: { SSG_CLIENT: 'generic' }, want: 'claude-code' },
    { name: 'empty SSG_CLIENT is unset', env: { SSG_CLIENT: '' }, want: 'generic' },
    {
      name: 'Cowork before Claude Code',
      env: { CLAUDE_CODE_ENTRYPOINT: 'cli', CLAUDE_COWORK_VERSION: '1' },
      want: 'claude-cowork',
    },
    { name: 'an agent before the Repl it runs in', env: { REPL_ID: 'r', CURSOR_SESSION_ID: 's' }, want: 'cursor' },
    {
      name: 'an agent before its sandbox',
      env: { NEMOCLAW_SANDBOX_NAME: 'b', ANTIGRAVITY_AGENT: '1' },
      want: 'antigravity',
    },
    { name: 'NemoClaw before Replit', env: { REPL_ID: 'r', NEMOCLAW_AGENT: 'a' }, want: 'nemoclaw' },
    { name: 'Replit before a Copilot token', env: { GITHUB_COPILOT_TOKEN: 't', REPL_ID: 'r' }, want: 'replit' },
    { name: 'a variable before a folder', env: { GITHUB_COPILOT_TOKEN: 't' }, folders: ['.cursor'], want: 'copilot' },
    { name: 'Replit variable before ~/.cursor', env: { REPL_ID: 'r' }, folders: ['.cursor'], want: 'replit' },
    { name: '~/.cursor before ~/.vscode', folders: ['.vscode', '.cursor'], want: 'cursor' },
    { name: 'OpenCode folder before ~/.vscode', folders: ['.vscode', '.config/opencode'], want: 'opencode' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      host.set(tc.env ?? {}, tc.folders);
      assert.equal(selectAdapter(tc.explicit).name, tc.want);
    });
  }

  it('selects every adapter by SSG_CLIENT', () => {
    for (const name of adapterNames()) {
      process.env.SSG_CLIENT = name;
      assert.equal(selectAdapter().name, name);
    }
  });

  it('detects nothing in a clean environment', () => assert.equal(detectHost(), undefined));

  const unknown = ['cursr', 'grok', 'Codex', ' codex', 'toString', '__proto__', 'x'.repeat(10_000)];
  for (const name of unknown) {
    it(`rejects the unknown client ${JSON.stringify(name.slice(0, 20))}`, () => {
      assert.throws(() => selectAdapter(name), UnknownClientError);
      process.env.SSG_CLIENT = name;
      assert.throws(
        () => selectAdapter(),
        (e: unknown) => e instanceof UnknownClientError && e.client === name,
      );
    });
  }
});

describe('adapterNames', () => {
  it('lists the 14 adapters of the spec by name, generic last', () => {
    assert.deepEqual(adapterNames(), [
      'aider',
      'antigravity',
      'claude-code',
      'claude-cowork',
      'codex',
      'codex-desktop',
      'copilot',
      'cursor',
      'grok-bot',
      'nemoclaw',
      'opencode',
      'pi',
      'replit',
      'generic',
    ]);
    for (const name of adapterNames()) assert.equal(adapterNamed(name)?.name, name);
  });
});

describe('installers', () => {
  it('every adapter but generic has one', () => {
    assert.deepEqual(
      adapterNames().filter((name) => !installerFor(name)),
      ['generic'],
    );
  });
});

describe("the registry's adapters: the spec's ClientAdapter, install steps included", () => {
  it("Claude Code installs into the user settings, naming ssg's path, and reports itself healthy", async () => {
    const claudeCode = adapterNamed('claude-code')!;
    const root = mkdtempSync(join(tmpdir(), 'ssg-claude-config-'));
    const saved = { CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR, PATH: process.env.PATH };
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'ssg'), '#!/bin/sh\n', { mode: 0o755 });
    process.env.CLAUDE_CONFIG_DIR = join(root, 'config');
    process.env.PATH = bin;
    try {
      assert.equal(await claudeCode.healthCheck(), false);
      await claudeCode.install(root);
      const settings = readFileSync(join(root, 'config', 'settings.json'), 'utf8');
      assert.match(settings, new RegExp(`"command": "${join(bin, 'ssg')} hook eval"`));
      assert.equal(existsSync(join(root, '.claude', 'settings.json')), false);
      assert.equal(await claudeCode.healthCheck(), true);
      await claudeCode.uninstall(root);
      assert.equal(existsSync(join(root, 'config', 'settings.json')), false);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('generic installs nothing and is always healthy', async () => {
    const generic = adapterNamed('generic')!;
    await generic.install('/tmp/x');
    await generic.uninstall('/tmp/x');
    assert.equal(await generic.healthCheck(), true);
  });
});
