// The desktop app's main process: Electron's APIs wired to the plain modules beside this folder. It runs the
// daemon and the terminal's pty host in utilityProcesses of their own (or attaches to a running daemon), keeps one instance, shows the dashboard in a locked-down window and keeps
// governing from the tray when the window is closed. Decisions live in ../*.ts, tested on Node; this file only
// connects them to Electron, which cannot run on our build machines.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, MessageChannelMain, utilityProcess } from 'electron';
import { ssgHome } from '@ssg/node/home';
import { chooseShimTarget, installCliShim } from '../cli-shim';
import { hostOrAttachDaemon } from '../daemon-host';
import { TrayController } from '../tray-controller';
import { startDaemonProcess, type UtilityPlatform } from '../utility-processes';
import { WindowLifecycle } from '../window-lifecycle';
import { DashboardWindow } from './dashboard-window';
import { FleetSignInWindow } from './fleet-sign-in-window';
import { hardenSessions } from './hardening';
import { registerIpc } from './ipc';
import { createTray } from './tray';

const lifecycle = new WindowLifecycle();

if (app.isPackaged) {
  // The CLI code the daemon shares (rule files, scenarios) and the dashboard's files are in the app's resources.
  process.env.SSG_RESOURCES ??= join(process.resourcesPath, 'resources');
}

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the daemon and the window; it is told (second-instance) and shows itself.
  app.quit();
} else {
  void app.whenReady().then(start, (error: unknown) => fail(error));
}

/** Electron's utilityProcess and MessageChannelMain, for the plain module that runs the daemon and the pty host. */
const utilities: UtilityPlatform = {
  fork: (entry, serviceName) =>
    utilityProcess.fork(entry, [], {
      serviceName,
      env: { ...process.env, SSG_APP_VERSION: app.getVersion() },
      stdio: 'inherit',
    }),
  channel: () => {
    const { port1, port2 } = new MessageChannelMain();
    return [port1, port2];
  },
};

/** Bundled beside main.cjs by main/build.mjs. */
const entries = {
  daemon: fileURLToPath(new URL('./daemon-process.cjs', import.meta.url)),
  terminalHost: fileURLToPath(new URL('./terminal-host.cjs', import.meta.url)),
};

async function start(): Promise<void> {
  const home = ssgHome();
  const connection = await hostOrAttachDaemon(() => startDaemonProcess(utilities, entries), home);
  const origin = new URL(connection.client.url).origin;
  hardenSessions(origin);
  const fleetSignIn = new FleetSignInWindow(connection.client);
  registerIpc(origin, { openFleetSignIn: () => fleetSignIn.open() });
  const window = new DashboardWindow(origin, lifecycle, () => connection.client.dashboardLink());
  app.on('second-instance', () => void window.show());
  app.on('activate', () => void window.show());
  app.on('before-quit', () => lifecycle.beginQuit());
  app.on('window-all-closed', () => {
    if (lifecycle.shouldQuitWhenAllWindowsClosed()) app.quit();
  });
  app.on('will-quit', (event) => {
    if (connection.kind !== 'hosted') return;
    // Stop the daemon cleanly (waiting ASKs answered, stores closed) before the process exits.
    event.preventDefault();
    void connection.close().finally(() => app.exit(0));
  });

  const tray = createTray();
  const controller = new TrayController(
    connection.client,
    {
      openDashboard: () => window.show(),
      installCli: () => installCommandLineTool(),
      quit: () => app.quit(),
    },
    (state) => tray.render(state, (action) => void controller.run(action)),
  );
  // The spend and the countdown move without any event the shell hears: refresh every 30 s, and at once on open.
  setInterval(() => void controller.refresh(), 30_000).unref();
  tray.onOpen(() => void controller.refresh());
  await controller.refresh();
  if (connection.kind === 'attached') void dialog.showMessageBox({ type: 'info', message: connection.note });
  await window.show();
}

async function installCommandLineTool(): Promise<void> {
  const target = chooseShimTarget({ platform: process.platform, env: process.env, homedir: homedir() });
  try {
    const result = installCliShim(
      target,
      { platform: process.platform, execPath: process.execPath, resourcesPath: process.resourcesPath },
      process.env,
    );
    await dialog.showMessageBox({ type: result.kind === 'installed' ? 'info' : 'warning', message: result.message });
  } catch (error) {
    await dialog.showMessageBox({
      type: 'error',
      message: `Could not install the ssg command: ${(error as Error).message}`,
    });
  }
}

function fail(error: unknown): void {
  dialog.showErrorBox('ssg could not start', (error as Error).message);
  app.exit(1);
}
