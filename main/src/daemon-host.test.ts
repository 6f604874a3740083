// The desktop shell against a real daemon: hosting it, attaching to one already running, and the tray's
// Sleep at Night switch and spend line going through the daemon's API.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startDaemon } from '@ssg/daemon';
import { TestDaemon } from '@ssg/daemon/testing';
import { hostOrAttachDaemon } from './daemon-host';
import { governanceClient } from './governance-client';
import { TrayController } from './tray-controller';
import { buildTrayMenu, type TrayState } from './tray-menu';

const agentEnv = (home: string) => ({
  HOME: home,
  CLAUDE_CONFIG_DIR: join(home, 'claude'),
  CODEX_HOME: join(home, 'codex'),
});

test('hosts the daemon in-process; its dashboard link is a one-time sign-in that works once', async () => {
  const home = mkdtempSync(join(tmpdir(), 'ssg-main-host-'));
  const connection = await hostOrAttachDaemon(() => startDaemon({ home, port: 0, env: agentEnv(home) }), home);
  try {
    assert.equal(connection.kind, 'hosted');
    const link = await connection.client.dashboardLink();
    assert.match(link, new RegExp(`^${connection.client.url}/#ticket=[A-Za-z0-9_-]{43}$`));
    // What the dashboard page does with it: trade the fragment's ticket from the daemon's own origin.
    const exchange = () =>
      fetch(`${connection.client.url}/api/json/dashboard/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: connection.client.url },
        body: JSON.stringify({ ticket: new URLSearchParams(new URL(link).hash.slice(1)).get('ticket') }),
      });
    const first = await exchange();
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('set-cookie'), null, 'the session is a header, never a cookie');
    assert.equal((await exchange()).status, 401, 'a ticket is single use');
  } finally {
    if (connection.kind === 'hosted') await connection.close();
    rmSync(home, { recursive: true, force: true });
  }
});

test('attaches to a daemon already running for the home instead of failing', async () => {
  const running = await TestDaemon.start();
  try {
    const connection = await hostOrAttachDaemon(
      () => startDaemon({ home: running.home, port: 0, env: agentEnv(running.home) }),
      running.home,
    );
    assert.equal(connection.kind, 'attached');
    assert.equal(connection.client.url, running.url);
    assert.match(connection.kind === 'attached' ? connection.note : '', /already running/);
    // The admin credential came from the home: the attached client is let in.
    assert.equal((await connection.client.sleepMode()).enabled, false);
    assert.match(await connection.client.dashboardLink(), /\/#ticket=/);
  } finally {
    await running.stop();
  }
});

test('other start failures are not hidden', async () => {
  const failure = Object.assign(new Error('port 5599 is in use'), { code: 'EADDRINUSE' });
  await assert.rejects(
    hostOrAttachDaemon(() => Promise.reject(failure), tmpdir()),
    /in use/,
  );
});

test('the tray turns Sleep at Night on for a preset and off again through the daemon', async () => {
  const daemon = await TestDaemon.start();
  try {
    const now = new Date(2026, 2, 10, 22, 0);
    const rendered: TrayState[] = [];
    const shellCalls: string[] = [];
    const controller = new TrayController(
      governanceClient({ url: daemon.url, token: daemon.daemon.adminToken }),
      {
        openDashboard: () => void shellCalls.push('open'),
        installCli: () => void shellCalls.push('install'),
        quit: () => void shellCalls.push('quit'),
      },
      (state) => rendered.push(state),
      () => now,
    );
    const initial = await controller.refresh();
    assert.equal(initial.sleep?.enabled, false);
    assert.equal(initial.budget?.snapshot.global.daily.calls.spent, 0);
    assert.ok(buildTrayMenu(initial).some((i) => i.type === 'submenu'));

    await controller.run({ kind: 'sleep-on', preset: '1h' });
    const armed = (
      await daemon.request<{ enabled: boolean; mode: string; since: number; until: number }>(
        'GET',
        '/api/json/sleep-mode',
      )
    ).body;
    assert.equal(armed.enabled, true);
    assert.equal(armed.mode, 'timed');
    assert.equal(armed.until - armed.since, 3_600_000);
    assert.equal(controller.current.sleep?.enabled, true);

    await controller.run({ kind: 'sleep-off' });
    assert.equal((await daemon.request<{ enabled: boolean }>('GET', '/api/json/sleep-mode')).body.enabled, false);

    await controller.run({ kind: 'sleep-on', preset: 'indefinite' });
    assert.equal((await daemon.request<{ mode: string }>('GET', '/api/json/sleep-mode')).body.mode, 'indefinite');

    for (const kind of ['open-dashboard', 'install-cli', 'quit'] as const) await controller.run({ kind });
    assert.deepEqual(shellCalls, ['open', 'install', 'quit']);
    assert.ok(rendered.length >= 4, 'every refresh and switch re-renders the menu');
  } finally {
    await daemon.stop();
  }
});

test('a wrong token or a stopped daemon shows as a problem in the menu, keeping the last state', async () => {
  const daemon = await TestDaemon.start();
  const controller = new TrayController(
    governanceClient({ url: daemon.url, token: 'not-the-token' }),
    { openDashboard() {}, installCli() {}, quit() {} },
    () => {},
  );
  try {
    const refused = await controller.refresh();
    assert.equal(refused.sleep, undefined);
    assert.match(refused.problem ?? '', /token/i);
    await controller.run({ kind: 'sleep-on', preset: '8h' });
    assert.equal(
      (await daemon.request<{ enabled: boolean }>('GET', '/api/json/sleep-mode')).body.enabled,
      false,
      'nothing changed',
    );
  } finally {
    await daemon.stop();
  }
  // A stopped daemon: refused connection, or a kept-alive socket that hangs up; either way a problem is shown.
  const gone = await controller.refresh();
  assert.ok(gone.problem && !/token/i.test(gone.problem), gone.problem);
});
