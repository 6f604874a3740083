// What the desktop app's preload gives the dashboard page (`window.ssgDesktop`), and nothing more: the page runs
// sandboxed with no Node and talks to the daemon over HTTP like any browser tab. In a browser tab it is absent.
export interface DesktopAppInfo {
  version: string;
  platform: string;
}

export interface DesktopBridge {
  appInfo(): Promise<DesktopAppInfo>;
  /**
   * Opens the app's fleet sign-in window on the login the daemon is waiting for (POST /api/fleet/login first).
   * Resolves once the window is shown; rejects with the reason when there is no login to show.
   */
  openFleetSignIn(): Promise<void>;
}
