// What `npm start` runs: the desktop app when Electron's binary is installed and there is a screen to show it on,
// else the daemon with the dashboard in a browser (a one-time link printed). Electron's binary cannot always be had
// (`npm start` fetches it on first use, scripts/electron-binary.ts, but CI and our build machines cannot download
// it; a server has no display), and the daemon alone is the product minus the window, so the fallback is the same
// governance, not a degraded mode.
import { existsSync } from 'node:fs';

export type LaunchMode =
  | { mode: 'electron'; electronBinary: string }
  | { mode: 'daemon'; /** Why not the desktop app, in plain words for the console. */ reason: string };

export interface LaunchEnvironment {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The Electron binary's path, or undefined when the package or its binary is missing. */
  electronBinary: string | undefined;
}

/** macOS and Windows always have a desktop; on Linux and the BSDs, an X or Wayland display must be named. */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

export function decideLaunchMode({ platform, env, electronBinary }: LaunchEnvironment): LaunchMode {
  if (env.SSG_START === 'daemon') return { mode: 'daemon', reason: 'SSG_START=daemon asks for the daemon alone' };
  // The display first: without one, a missing binary does not matter (and `npm start` fetches none).
  if (!hasDisplay(platform, env)) {
    return { mode: 'daemon', reason: 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  }
  if (electronBinary === undefined) {
    return { mode: 'daemon', reason: "Electron's binary is not installed (`npm ci` leaves it out)" };
  }
  return { mode: 'electron', electronBinary };
}

/**
 * The Electron binary that the `electron` package downloaded, or undefined. The package's entry returns the
 * binary's path on Node, and throws when its install script never fetched the binary (no path.txt), which is
 * the normal state on machines without access to Electron's downloads; the file must also exist.
 */
export function findElectronBinary(requireElectron: () => unknown): string | undefined {
  let path: unknown;
  try {
    path = requireElectron();
  } catch {
    return undefined;
  }
  return typeof path === 'string' && existsSync(path) ? path : undefined;
}
