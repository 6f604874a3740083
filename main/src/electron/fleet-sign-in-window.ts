// The fleet sign-in window: the organization's identity provider, shown by the app rather than in the user's
// browser, for the login the daemon is waiting for (started with Sign in on the Fleet page). Its own session
// partition, no preload, no Node, sandboxed; it goes only where ../fleet-sign-in-policy.ts allows, opens no other
// window, downloads nothing and is granted no permission; it closes itself once the daemon's login is over.
import { BrowserWindow, session } from 'electron';
import type { GovernanceClient } from '../governance-client';
import {
  FLEET_SIGN_IN_PARTITION,
  FLEET_SIGN_IN_WEB_PREFERENCES,
  FleetSignInPolicy,
  fleetSignInOver,
  fleetSignInTargets,
  type FleetSignInTargets,
} from '../fleet-sign-in-policy';

/** How often the daemon is asked whether the login is over. */
const WATCH_MS = 1_000;

export class FleetSignInWindow {
  private window: BrowserWindow | undefined;
  private shown: FleetSignInTargets | undefined;
  private hardened = false;

  constructor(private readonly client: Pick<GovernanceClient, 'fleetLogin'>) {}

  /** Shows the waiting login's sign-in page: in the open window (focused), else in a new one. */
  async open(): Promise<void> {
    const targets = fleetSignInTargets(await this.client.fleetLogin());
    const policy = FleetSignInPolicy.for(targets);
    const existing = this.window && !this.window.isDestroyed() ? this.window : undefined;
    if (existing && this.shown?.authorizationUrl === targets.authorizationUrl) {
      existing.show();
      existing.focus();
      return;
    }
    existing?.destroy();
    this.hardenSession();
    const window = this.create(policy);
    this.window = window;
    this.shown = targets;
    this.watch(window, targets);
    await window.loadURL(targets.authorizationUrl);
  }

  private create(policy: FleetSignInPolicy): BrowserWindow {
    const window = new BrowserWindow({
      width: 520,
      height: 720,
      title: 'Sign in to your organization',
      autoHideMenuBar: true,
      webPreferences: { ...FLEET_SIGN_IN_WEB_PREFERENCES },
    });
    const { webContents } = window;
    webContents.on('will-navigate', (event, url) => {
      if (!policy.allows(url)) event.preventDefault();
    });
    webContents.on('will-redirect', (event, url) => {
      if (!policy.allows(url)) event.preventDefault();
    });
    webContents.on('will-attach-webview', (event) => event.preventDefault());
    webContents.setWindowOpenHandler(({ url }) => {
      if (policy.windowOpen(url) === 'load-here') void webContents.loadURL(url);
      return { action: 'deny' };
    });
    return window;
  }

  /** Closes the window once the daemon's login is over (signed in, failed, cancelled, or replaced). */
  private watch(window: BrowserWindow, shown: FleetSignInTargets): void {
    const timer = setInterval(() => {
      void this.client.fleetLogin().then(
        (progress) => {
          if (fleetSignInOver(shown, progress) && !window.isDestroyed()) window.close();
        },
        () => {
          // The daemon did not answer this time; ask again next time.
        },
      );
    }, WATCH_MS);
    window.on('closed', () => clearInterval(timer));
  }

  /** The partition's own defences, once: no permission for any page, no download. */
  private hardenSession(): void {
    if (this.hardened) return;
    this.hardened = true;
    const ses = session.fromPartition(FLEET_SIGN_IN_PARTITION);
    ses.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
    ses.setPermissionCheckHandler(() => false);
    ses.on('will-download', (event) => event.preventDefault());
  }
}
