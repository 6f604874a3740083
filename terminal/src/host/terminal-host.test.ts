// The pty host in-process, with real ptys, real files and a stand-in `claude` (testing/fake-claude.mjs) that
// reports through the same status line and hooks as Claude Code: the switch of a conversation at a usage limit,
// what is not a limit, every account limited, a switch the user asks for, and the status line's usage.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type {
  HostOutbound,
  PaneInfo,
  SocketServerMessage,
  TerminalOperation,
  TerminalOperations,
  UsageResponse,
} from '@ssg/contracts/terminal';
import { fileCredentialReader } from '../accounts';
import { TerminalHost } from './terminal-host';

const FAKE_CLAUDE = fileURLToPath(new URL('./testing/fake-claude.mjs', import.meta.url));

class Harness {
  readonly sent: SocketServerMessage[] = [];
  readonly host: TerminalHost;
  private readonly responses = new Map<number, Extract<HostOutbound, { kind: 'response' }>>();
  private nextId = 1;

  constructor(
    readonly ssgHome: string,
    readonly userHome: string,
  ) {
    this.host = new TerminalHost({
      ssgHome,
      userHome,
      env: { PATH: process.env.PATH, HOME: userHome, LANG: 'C.UTF-8' },
      credentials: fileCredentialReader({ home: userHome }),
      claudeCommand: FAKE_CLAUDE,
      exitTimings: { afterEscapeMs: 50, exitMs: 3_000, terminateMs: 1_000 },
      send: (message) => {
        if (message.kind === 'response') this.responses.set(message.id, message);
        else if (message.kind === 'client-send') {
          this.sent.push(message.message);
          if (message.message.type === 'output') {
            const { paneId, data } = message.message;
            void this.host.handle({
              kind: 'client-message',
              clientId: 'w',
              message: { type: 'ack', paneId, chars: data.length },
            });
          }
        }
      },
    });
  }

  async request<Op extends TerminalOperation>(op: Op, params: TerminalOperations[Op]['params']) {
    const id = this.nextId++;
    await this.host.handle({ kind: 'request', id, op, params });
    const response = this.responses.get(id);
    if (!response) throw new Error(`no response to ${op}`);
    return response;
  }

  async ok<Op extends TerminalOperation>(op: Op, params: TerminalOperations[Op]['params']) {
    const response = await this.request(op, params);
    if (!response.ok) throw new Error(`${op}: ${response.status} ${response.message}`);
    return response.value as TerminalOperations[Op]['result'];
  }

  type(paneId: string, line: string): void {
    for (const data of [line, '\r'])
      void this.host.handle({ kind: 'client-message', clientId: 'w', message: { type: 'input', paneId, data } });
  }

  attach(paneId: string): void {
    void this.host.handle({ kind: 'client-message', clientId: 'w', message: { type: 'attach', paneId } });
  }

  output(paneId: string): string {
    return this.sent
      .filter((m) => (m.type === 'output' || m.type === 'snapshot') && m.paneId === paneId)
      .map((m) => (m as { data: string }).data)
      .join('');
  }

  async until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; output: ${JSON.stringify(this.sent.slice(-6))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  lastPane(paneId: string): PaneInfo | undefined {
    return this.sent
      .filter((m) => m.type === 'pane' && m.pane.id === paneId)
      .map((m) => (m as { pane: PaneInfo }).pane)
      .at(-1);
  }
}

describe('TerminalHost', () => {
  let root: string;
  let harness: Harness;
  let project: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ssg-terminal-host-'));
    project = join(root, 'project');
    mkdirSync(project);
    harness = new Harness(join(root, 'ssg'), join(root, 'home'));
    mkdirSync(join(root, 'home', '.claude'), { recursive: true });
  });
  afterEach(() => {
    harness.host.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const openOnDefault = async () => {
    const pane = await harness.ok('openPane', { kind: 'claude', cwd: project, accountId: 'default' });
    harness.attach(pane.id);
    await harness.until('claude to start', () => harness.output(pane.id).includes('fake claude on default'));
    return pane;
  };

  test('a usage limit moves the conversation to the next account, same session, with the continue prompt', async () => {
    const second = await harness.ok('addAccount', { name: 'Second' });
    const pane = await openOnDefault();
    assert.match(pane.claudeSessionId ?? '', /^[0-9a-f-]{36}$/);
    harness.type(pane.id, 'limit');
    const moved = await harness.until('the switch', () => {
      const info = harness.lastPane(pane.id);
      return info?.accountId === second.id && info.state === 'running' && info;
    });
    assert.equal(moved.claudeSessionId, pane.claudeSessionId);
    await harness.until('the resumed claude', () =>
      harness
        .output(pane.id)
        .includes(
          `fake claude on ${second.configDir}, session ${pane.claudeSessionId}, prompt: Please continue where you left off.`,
        ),
    );
    assert.match(harness.output(pane.id), /\[ssg\] Continuing this conversation on Second/);
    const usage = await harness.ok('usage', {});
    const limited = usage.accounts.find((a) => a.accountId === 'default');
    assert.ok(
      limited?.limitedUntil && limited.limitedUntil > Date.now(),
      'the default account is limited until its reset',
    );
    assert.equal(usage.allLimitedUntil, null);
  });

  test('a server throttle is not a usage limit: nothing moves', async () => {
    await harness.ok('addAccount', { name: 'Second' });
    const pane = await openOnDefault();
    harness.type(pane.id, 'throttle');
    harness.type(pane.id, 'say after-throttle');
    await harness.until('the pane to go on', () => harness.output(pane.id).includes('after-throttle'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(harness.lastPane(pane.id)?.accountId ?? 'default', 'default');
    assert.equal((await harness.ok('usage', {})).accounts[0]?.limitedUntil, null);
  });

  test('every account limited: the pane stays where it is and the banner gets the earliest reset', async () => {
    const second = await harness.ok('addAccount', { name: 'Second' });
    const pane = await openOnDefault();
    harness.type(pane.id, 'limit');
    await harness.until(
      'the switch',
      () => harness.lastPane(pane.id)?.accountId === second.id && harness.lastPane(pane.id)?.state === 'running',
    );
    await harness.until('the resumed claude', () =>
      harness.output(pane.id).includes(`fake claude on ${second.configDir}`),
    );
    harness.type(pane.id, 'limit');
    const notice = await harness.until('the all-limited notice', () =>
      harness.sent.find((m) => m.type === 'notice' && /Every account has reached its usage limit/.test(m.message)),
    );
    assert.ok(notice);
    const usage: UsageResponse = await harness.ok('usage', {});
    assert.ok(usage.allLimitedUntil !== null && usage.allLimitedUntil > Date.now());
    assert.equal(harness.lastPane(pane.id)?.accountId, second.id);
    harness.type(pane.id, 'limit');
    harness.type(pane.id, 'say still-here');
    await harness.until('the pane to still run', () => harness.output(pane.id).includes('still-here'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const notices = harness.sent.filter((m) => m.type === 'notice' && /Every account/.test(m.message));
    assert.equal(notices.length, 1, 'the limit shown again on the next prompt is not news');
  });

  test('a switch the user asks for moves the conversation without a continue prompt', async () => {
    const second = await harness.ok('addAccount', { name: 'Second' });
    const pane = await openOnDefault();
    const answer = await harness.ok('switchAccount', { paneId: pane.id, accountId: second.id });
    assert.equal(answer.state, 'switching');
    await harness.until('the resumed claude', () =>
      harness.output(pane.id).includes(`fake claude on ${second.configDir}, session ${pane.claudeSessionId}\r`),
    );
    const refused = await harness.request('switchAccount', { paneId: pane.id, accountId: 'nobody' });
    assert.deepEqual([refused.ok, !refused.ok && refused.status], [false, 404]);
  });

  test('with auto-switch off a limit is only reported', async () => {
    await harness.ok('addAccount', { name: 'Second' });
    await harness.ok('putSettings', { autoSwitch: { enabled: false, continuePrompt: 'Go on.' } });
    const pane = await openOnDefault();
    harness.type(pane.id, 'limit');
    await harness.until('the note', () =>
      /Default reached its usage limit \(auto-switch is off\)/.test(harness.output(pane.id)),
    );
    assert.equal(harness.lastPane(pane.id)?.accountId ?? 'default', 'default');
    harness.type(pane.id, 'limit');
    harness.type(pane.id, 'say after');
    await harness.until('the pane to go on', () => harness.output(pane.id).includes('\r\nafter'));
    assert.equal(harness.output(pane.id).match(/reached its usage limit/g)?.length, 1, 'said once');
  });

  test('a limit shown only on the screen is found there (no hook), once', async () => {
    const second = await harness.ok('addAccount', { name: 'Second' });
    const pane = await openOnDefault();
    harness.type(pane.id, 'screen-limit');
    await harness.until('the switch', () => harness.output(pane.id).includes(`fake claude on ${second.configDir}`));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(harness.lastPane(pane.id)?.accountId, second.id, 'the old message on screen does not move it again');
  });

  test('the status line reports the account’s usage, and shows it', async () => {
    const pane = await openOnDefault();
    harness.type(pane.id, 'status 42');
    await harness.until('the status line', () => harness.output(pane.id).includes('ssg · Default · 5h 42%'));
    const usage = await harness.until('the reading', () =>
      harness.sent.find((m) => m.type === 'usage' && m.usage.accounts[0]?.fiveHour?.usedPercent === 42),
    );
    assert.ok(usage);
  });

  test('an account in use in a pane cannot be removed', async () => {
    const second = await harness.ok('addAccount', { name: 'Second' });
    const pane = await harness.ok('openPane', { kind: 'claude', cwd: project, accountId: second.id });
    const refused = await harness.request('removeAccount', { accountId: second.id });
    assert.deepEqual([refused.ok, !refused.ok && refused.status], [false, 409]);
    await harness.ok('closePane', { paneId: pane.id });
    assert.equal((await harness.ok('removeAccount', { accountId: second.id })).id, second.id);
  });

  test('the user’s own status line is still shown, and ssg still gets the report', async () => {
    writeFileSync(
      join(root, 'home', '.claude', 'settings.json'),
      JSON.stringify({ statusLine: { type: 'command', command: 'echo "mine: $(wc -c | tr -d \' \') bytes"' } }),
    );
    const pane = await openOnDefault();
    harness.type(pane.id, 'status 17');
    await harness.until('their status line', () => /mine: \d+ bytes/.test(harness.output(pane.id)));
    await harness.until('the reading', () =>
      harness.sent.find((m) => m.type === 'usage' && m.usage.accounts[0]?.fiveHour?.usedPercent === 17),
    );
  });

  test('signing in opens a pane running `claude auth login` for that account', async () => {
    const second = await harness.ok('addAccount', { name: 'Second' });
    const pane = await harness.ok('startLogin', { accountId: second.id });
    assert.equal(pane.kind, 'login');
    harness.attach(pane.id);
    await harness.until('the login', () => harness.output(pane.id).includes(`fake login for ${second.configDir}`));
    await harness.until('its end', () => harness.lastPane(pane.id)?.state === 'exited');
  });
});
