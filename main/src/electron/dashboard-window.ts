// The dashboard's window: Electron's safe defaults made explicit, guards on navigation and new windows, and
// close-to-hide. It signs in with a fresh one-time link when it is created, as a browser tab would; the page keeps
// the session in its sessionStorage, so a reload stays signed in and nothing is stored as a cookie.
import { join } from 'node:path';
import { BrowserWindow, shell } from 'electron';
import { externalLinkTarget, isDaemonUrl } from '../navigation-policy';
import type { WindowLifecycle } from '../window-lifecycle';

export class DashboardWindow {
  private window: BrowserWindow | undefined;

  constructor(
    private readonly daemonOrigin: string,
    private readonly lifecycle: WindowLifecycle,
    private readonly dashboardLink: () => Promise<string>,
  ) {}

  /** Shows the window, creating it (and signing in) when there is none. */
  async show(): Promise<void> {
    if (this.window && !this.window.isDestroyed()) {
      if (this.window.isMinimized()) this.window.restore();
      this.window.show();
      this.window.focus();
      return;
    }
    this.window = this.create();
    await this.window.loadURL(await this.dashboardLink());
  }

  private create(): BrowserWindow {
    const window = new BrowserWindow({
      width: 1280,
      height: 860,
      minWidth: 900,
      minHeight: 600,
      title: 'ssg',
      show: false,
      webPreferences: {
        preload: join(__dirname, 'preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        spellcheck: false,
      },
    });
    window.once('ready-to-show', () => window.show());
    const { webContents } = window;
    webContents.on('will-navigate', (event, url) => {
      if (!isDaemonUrl(url, this.daemonOrigin)) event.preventDefault();
    });
    webContents.on('will-redirect', (event, url) => {
      if (!isDaemonUrl(url, this.daemonOrigin)) event.preventDefault();
    });
    webContents.on('will-attach-webview', (event) => event.preventDefault());
    webContents.setWindowOpenHandler(({ url }) => {
      const external = externalLinkTarget(url);
      if (external !== undefined) void shell.openExternal(external);
      return { action: 'deny' };
    });
    window.on('close', (event) => {
      if (this.lifecycle.onWindowClose() === 'hide') {
        event.preventDefault();
        window.hide();
      }
    });
    return window;
  }
}
