import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isolateHostEnvironment } from './host-env.testing';
import { HOST_ADAPTERS } from '../registry';

const detected = () => HOST_ADAPTERS.filter((adapter) => adapter.detect()).map((adapter) => adapter.name);

describe('detect()', () => {
  const host = isolateHostEnvironment();

  const cases: Array<{ name: string; env?: Record<string, string>; folders?: string[]; want: string[] }> = [
    { name: 'a clean environment', want: [] },
    ...HOST_ADAPTERS.map((adapter) => ({
      name: `SSG_CLIENT=${adapter.name}`,
      env: { SSG_CLIENT: adapter.name },
      want: [adapter.name],
    })),
    { name: 'SSG_CLIENT=grok (not the grok-bot pin)', env: { SSG_CLIENT: 'grok' }, want: [] },
    { name: 'CLAUDE_CODE_VERSION', env: { CLAUDE_CODE_VERSION: '2.1.0' }, want: ['claude-code'] },
    { name: 'CLAUDE_CODE_API_KEY', env: { CLAUDE_CODE_API_KEY: 'k' }, want: ['claude-code'] },
    { name: 'CLAUDE_CODE_ENTRYPOINT', env: { CLAUDE_CODE_ENTRYPOINT: 'cli' }, want: ['claude-code'] },
    { name: 'CLAUDE_COWORK_VERSION', env: { CLAUDE_COWORK_VERSION: '1.0' }, want: ['claude-cowork'] },
    {
      name: 'the Claude desktop app alone',
      folders: ['.claude', '.config/Claude', 'Library/Application Support/Claude'],
      want: [],
    },
    { name: 'ANTIGRAVITY_AGENT=1', env: { ANTIGRAVITY_AGENT: '1' }, want: ['antigravity'] },
    { name: 'ANTIGRAVITY_AGENT=true', env: { ANTIGRAVITY_AGENT: 'true' }, want: [] },
    { name: 'ANTIGRAVITY_AGENT=0', env: { ANTIGRAVITY_AGENT: '0' }, want: [] },
    { name: 'NEMOCLAW_AGENT', env: { NEMOCLAW_AGENT: 'openclaw' }, want: ['nemoclaw'] },
    { name: 'NEMOCLAW_SANDBOX_NAME', env: { NEMOCLAW_SANDBOX_NAME: 'box' }, want: ['nemoclaw'] },
    { name: 'CURSOR_SESSION_ID', env: { CURSOR_SESSION_ID: 'abc' }, want: ['cursor'] },
    { name: 'an empty CURSOR_SESSION_ID', env: { CURSOR_SESSION_ID: '' }, want: [] },
    { name: '~/.cursor', folders: ['.cursor'], want: ['cursor'] },
    { name: 'GITHUB_COPILOT_TOKEN', env: { GITHUB_COPILOT_TOKEN: 'ghu_x' }, want: ['copilot'] },
    { name: '~/.vscode', folders: ['.vscode'], want: ['copilot'] },
    { name: '~/.config/opencode', folders: ['.config/opencode'], want: ['opencode'] },
    { name: '~/.local/share/opencode', folders: ['.local/share/opencode'], want: ['opencode'] },
    { name: '~/.config alone', folders: ['.config', '.local/share'], want: [] },
    { name: 'REPL_ID', env: { REPL_ID: 'r' }, want: ['replit'] },
    { name: 'REPLIT_DB_URL', env: { REPLIT_DB_URL: 'https://kv.replit.com/x' }, want: ['replit'] },
    { name: '~/.codex (codex is never detected by folder)', folders: ['.codex', '.pi', '.aider'], want: [] },
    {
      name: 'several hosts at once',
      env: { CLAUDE_CODE_ENTRYPOINT: 'cli', REPL_ID: 'r' },
      folders: ['.vscode'],
      want: ['claude-code', 'replit', 'copilot'],
    },
  ];
  for (const tc of cases) {
    it(`${tc.name} → ${tc.want.join(', ') || 'nothing'}`, () => {
      host.set(tc.env ?? {}, tc.folders);
      assert.deepEqual(detected(), tc.want);
    });
  }

  it('reads the environment at call time', () => {
    assert.deepEqual(detected(), []);
    process.env.REPL_ID = 'r';
    assert.deepEqual(detected(), ['replit']);
    delete process.env.REPL_ID;
    assert.deepEqual(detected(), []);
  });
});
