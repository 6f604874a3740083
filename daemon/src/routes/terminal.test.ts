// The dashboard terminal API and the pane socket over real HTTP and a real WebSocket, against a real daemon whose
// pty host is a real process running real shells: who may use them (a person, a subscriber, the daemon's own
// origin), what a window sees (output, a restored screen after a reload), and bad input.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ClaudeAccountList, PaneInfo, TerminalSettings } from '@ssg/contracts/terminal';
import {
  TERMINAL_ACCOUNTS_PATH,
  TERMINAL_SESSIONS_PATH,
  TERMINAL_SETTINGS_PATH,
  TERMINAL_USAGE_PATH,
} from '@ssg/contracts/terminal';
import { licensePath } from '@ssg/node/license/active-license';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { TerminalSocketClient } from '../testing/terminal-socket-client';
import { TestDaemon } from '../testing/test-daemon';

const issuer = newTestIssuer();
const license = (claims: Record<string, unknown>) =>
  mintLicense(issuer.privateKey, { iss: 'test-issuer', exp: 4_102_444_800, ...claims });

describe('terminal API and pane socket', () => {
  let daemon: TestDaemon;
  let project: string;
  before(async () => {
    daemon = await TestDaemon.start();
    trustTestIssuer(daemon.home, issuer);
    project = mkdtempSync(join(tmpdir(), 'ssg-terminal-project-'));
  });
  after(() => daemon.stop());

  const subscribe = () => writeFileSync(licensePath(daemon.home), license({ tier: 'pro' }));

  describe('who may use it', () => {
    test('without a credential: 401, before anything about the subscription', async () => {
      const response = await daemon.request('GET', TERMINAL_ACCOUNTS_PATH, { token: false });
      assert.equal(response.status, 401);
    });

    test('the hooks’ credential (which agents can read) cannot drive the terminal: 403', async () => {
      subscribe();
      const response = await daemon.request('POST', TERMINAL_SESSIONS_PATH, {
        token: daemon.hookToken,
        body: { kind: 'shell', cwd: project },
      });
      assert.equal(response.status, 403);
    });

    const unsubscribed: Array<[string, () => void, RegExp]> = [
      ['no license', () => writeFileSync(licensePath(daemon.home), ''), /needs an ssg subscription.*5 USD/],
      [
        'a free license',
        () => writeFileSync(licensePath(daemon.home), license({ tier: 'free' })),
        /free license does not include the terminal/,
      ],
      [
        'an expired license',
        () => writeFileSync(licensePath(daemon.home), license({ tier: 'pro', exp: 1_000 })),
        /expired/,
      ],
      [
        'a license for other features',
        () => writeFileSync(licensePath(daemon.home), license({ tier: 'pro', features: ['opencode'] })),
        /does not include the terminal/,
      ],
    ];
    for (const [name, arrange, message] of unsubscribed) {
      test(`${name}: 402 that says what is missing, on every route and the socket`, async () => {
        arrange();
        for (const [method, path] of [
          ['GET', TERMINAL_ACCOUNTS_PATH],
          ['GET', TERMINAL_USAGE_PATH],
          ['GET', TERMINAL_SETTINGS_PATH],
          ['GET', TERMINAL_SESSIONS_PATH],
        ] as const) {
          const response = await daemon.request<{ message: string }>(method, path);
          assert.equal(response.status, 402, `${method} ${path}`);
          assert.match(response.body.message, message);
        }
        await assert.rejects(TerminalSocketClient.connect(daemon.url, { adminToken: daemon.daemon.adminToken }), {
          status: 402,
        });
      });
    }

    test('the socket refuses no credential (401) and another origin (403), even with a live session', async () => {
      subscribe();
      await assert.rejects(TerminalSocketClient.connect(daemon.url, {}), { status: 401 });
      const sessionToken = await daemon.signIn();
      await assert.rejects(TerminalSocketClient.connect(daemon.url, { sessionToken, origin: 'http://127.0.0.1:1' }), {
        status: 403,
      });
      await assert.rejects(
        TerminalSocketClient.connect(daemon.url, { sessionToken: 'x'.repeat(43), origin: daemon.url }),
        {
          status: 401,
        },
      );
      const client = await TerminalSocketClient.connect(daemon.url, { sessionToken, origin: daemon.url });
      await client.close();
    });
  });

  describe('panes', () => {
    before(subscribe);

    test('a window types into a shell pane and sees its output; a reloaded window gets the screen back', async () => {
      const opened = await daemon.request<PaneInfo>('POST', TERMINAL_SESSIONS_PATH, {
        body: { kind: 'shell', cwd: project, cols: 80, rows: 24 },
      });
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      const pane = opened.body;
      assert.equal(pane.kind, 'shell');
      assert.equal(pane.cwd, project);

      const sessionToken = await daemon.signIn();
      const window = await TerminalSocketClient.connect(daemon.url, { sessionToken, origin: daemon.url });
      window.send({ type: 'attach', paneId: pane.id });
      await window.waitFor((m) => m.type === 'snapshot' && m.paneId === pane.id);
      window.send({ type: 'input', paneId: pane.id, data: 'echo "one $((40 + 2))"\r' });
      await window.waitFor(() => window.screenText(pane.id).includes('one 42'));
      await window.close();

      const reloaded = await TerminalSocketClient.connect(daemon.url, { sessionToken, origin: daemon.url });
      reloaded.send({ type: 'attach', paneId: pane.id });
      const snapshot = await reloaded.waitFor((m) => m.type === 'snapshot' && m.paneId === pane.id);
      assert.match((snapshot as { data: string }).data, /one 42/, 'the screen as it was');
      reloaded.send({ type: 'input', paneId: pane.id, data: 'echo two\r' });
      await reloaded.waitFor(() => reloaded.screenText(pane.id).includes('two'));

      const listed = await daemon.request<{ panes: PaneInfo[] }>('GET', TERMINAL_SESSIONS_PATH);
      assert.ok(listed.body.panes.some((p) => p.id === pane.id));
      const closed = await daemon.request<PaneInfo>('DELETE', `${TERMINAL_SESSIONS_PATH}/${pane.id}`);
      assert.equal(closed.status, 200);
      await reloaded.waitFor((m) => m.type === 'pane-closed' && m.paneId === pane.id);
      assert.equal((await daemon.request('DELETE', `${TERMINAL_SESSIONS_PATH}/${pane.id}`)).status, 404);
      await reloaded.close();
    });

    test('bad socket messages get an error message, and the socket stays usable', async () => {
      const window = await TerminalSocketClient.connect(daemon.url, { adminToken: daemon.daemon.adminToken });
      for (const bad of [
        'not json',
        { type: 'input', paneId: 'pane-1' },
        { type: 'input', paneId: '../x', data: 'ls' },
        { type: 'resize', paneId: 'pane-1', cols: -1, rows: 5 },
        { type: 'unknown' },
      ]) {
        window.socket.send(typeof bad === 'string' ? bad : JSON.stringify(bad));
      }
      window.send({ type: 'attach', paneId: 'pane-999' });
      await window.waitFor((m) => m.type === 'error' && /no pane pane-999/.test(m.message));
      assert.equal(window.received.filter((m) => m.type === 'error').length, 6);
      await window.close();
    });

    const badPanes: Array<[string, unknown, RegExp]> = [
      ['a relative cwd', { kind: 'shell', cwd: 'projects/x' }, /absolute folder/],
      ['a cwd that is not a folder', { kind: 'shell', cwd: '/nonexistent/ssg' }, /is not a folder/],
      ['an unknown account', { kind: 'claude', cwd: '/tmp', accountId: 'nobody' }, /no Claude account/],
      ['an unknown field', { kind: 'shell', extra: 1 }, /must NOT have additional properties|additional/],
      ['a pane size out of range', { kind: 'shell', cols: 100000 }, /cols/],
    ];
    for (const [name, body, message] of badPanes) {
      test(`opening a pane with ${name}: 4xx that says why`, async () => {
        const response = await daemon.request<{ message: string }>('POST', TERMINAL_SESSIONS_PATH, { body });
        assert.ok(response.status === 400 || response.status === 404, `${response.status}`);
        assert.match(response.body.message, message);
      });
    }
  });

  describe('accounts and settings', () => {
    before(subscribe);

    test('the machine’s own login is the default account; an added one gets its own folder', async () => {
      const initial = await daemon.request<ClaudeAccountList>('GET', TERMINAL_ACCOUNTS_PATH);
      assert.equal(initial.status, 200);
      assert.deepEqual(
        initial.body.accounts.map((a) => [a.id, a.isDefault, a.configDir]),
        [['default', true, null]],
      );
      const added = await daemon.request<{ id: string; configDir: string }>('POST', TERMINAL_ACCOUNTS_PATH, {
        body: { name: 'Work' },
      });
      assert.equal(added.status, 200);
      assert.equal(added.body.id, 'work');
      assert.equal(added.body.configDir, join(daemon.home, 'claude-accounts', 'work'));
      const twice = await daemon.request<{ message: string }>('POST', TERMINAL_ACCOUNTS_PATH, {
        body: { name: 'work' },
      });
      assert.equal(twice.status, 400);
      const usage = await daemon.request<{ accounts: { accountId: string }[]; allLimitedUntil: null }>(
        'GET',
        TERMINAL_USAGE_PATH,
      );
      assert.deepEqual(
        usage.body.accounts.map((a) => a.accountId),
        ['default', 'work'],
      );
      assert.equal(usage.body.allLimitedUntil, null);

      writeFileSync(join(added.body.configDir, '.credentials.json'), '{"claudeAiOauth":{}}');
      const removedDefault = await daemon.request<{ message: string }>('DELETE', `${TERMINAL_ACCOUNTS_PATH}/default`);
      assert.equal(removedDefault.status, 400);
      const removed = await daemon.request('DELETE', `${TERMINAL_ACCOUNTS_PATH}/work`);
      assert.equal(removed.status, 200);
      const kept = readdirSync(join(daemon.home, 'claude-accounts', '.removed'));
      assert.equal(kept.length, 1, 'the folder, login included, is moved aside');
      assert.ok(existsSync(join(daemon.home, 'claude-accounts', '.removed', kept[0]!, '.credentials.json')));
      const after = await daemon.request<ClaudeAccountList>('GET', TERMINAL_ACCOUNTS_PATH);
      assert.deepEqual(
        after.body.accounts.map((a) => a.id),
        ['default'],
      );
      assert.equal((await daemon.request('DELETE', `${TERMINAL_ACCOUNTS_PATH}/work`)).status, 404);
    });

    test('settings: defaults, a valid change kept on disk, and every bad one a 400 that changes nothing', async () => {
      const defaults = await daemon.request<TerminalSettings>('GET', TERMINAL_SETTINGS_PATH);
      assert.deepEqual(defaults.body.stagger, { enabled: false, gapMinutes: 15 });
      assert.equal(defaults.body.autoSwitch.enabled, true);
      assert.equal(defaults.body.usageApi.enabled, false);

      const changed = await daemon.request<TerminalSettings>('PUT', TERMINAL_SETTINGS_PATH, {
        body: { stagger: { enabled: true, gapMinutes: 90 } },
      });
      assert.equal(changed.status, 200);
      assert.deepEqual(changed.body.stagger, { enabled: true, gapMinutes: 90 });
      const onDisk = JSON.parse(readFileSync(join(daemon.home, 'terminal-settings.json'), 'utf8')) as TerminalSettings;
      assert.deepEqual(onDisk.stagger, { enabled: true, gapMinutes: 90 });

      for (const body of [
        { stagger: { enabled: true, gapMinutes: 14 } },
        { stagger: { enabled: true, gapMinutes: 301 } },
        { stagger: { enabled: true, gapMinutes: 30.5 } },
        { stagger: { enabled: true, gapMinutes: '60' } },
        { stagger: { enabled: 'yes', gapMinutes: 60 } },
        { stagger: { enabled: true } },
        {},
        { autoSwitch: { enabled: true, continuePrompt: '' } },
      ]) {
        const refused = await daemon.request<{ message: string }>('PUT', TERMINAL_SETTINGS_PATH, { body });
        assert.equal(refused.status, 400, JSON.stringify(body));
        assert.ok(refused.body.message.length > 10);
      }
      const after = await daemon.request<TerminalSettings>('GET', TERMINAL_SETTINGS_PATH);
      assert.deepEqual(after.body.stagger, { enabled: true, gapMinutes: 90 });
    });
  });
});
