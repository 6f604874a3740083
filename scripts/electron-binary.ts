// Electron's binary, fetched by `npm start` on first use. `npm ci` never downloads it: the root package.json's
// allowScripts keeps the electron package's install script off, so an install stays unattended and cannot fail on
// a download that many machines cannot make (ours reach only the npm registry). `npm start`, with a person
// watching, runs that same install script when the binary is missing: it honours ELECTRON_MIRROR,
// ELECTRON_CUSTOM_DIR, electron_config_cache and ELECTRON_SKIP_BINARY_DOWNLOAD, and verifies the download against
// the package's checksums. A time limit keeps an unreachable download from holding up the daemon, which runs
// instead (the dashboard then opens in a browser).
import { spawn } from 'node:child_process';

export interface ElectronFetchSituation {
  binaryPresent: boolean;
  hasDisplay: boolean;
  env: NodeJS.ProcessEnv;
  /** The electron package's install.js, or undefined when the package is not installed. */
  installScript: string | undefined;
}

/** Whether to fetch; a reason when not fetching leaves the desktop app out for a cause worth telling. */
export type ElectronFetchPlan = { fetch: true } | { fetch: false; reason?: string };

export function electronFetchPlan({
  binaryPresent,
  hasDisplay,
  env,
  installScript,
}: ElectronFetchSituation): ElectronFetchPlan {
  // Nothing to fetch, or nothing to show it on: launch-mode.ts already says why the daemon runs alone.
  if (binaryPresent || env.SSG_START === 'daemon' || !hasDisplay) return { fetch: false };
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { fetch: false, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  if (installScript === undefined) {
    return { fetch: false, reason: 'the electron package is not installed (an install without devDependencies?)' };
  }
  return { fetch: true };
}

export type ElectronFetchOutcome = { fetched: true } | { fetched: false; reason: string };

export interface ElectronFetchOptions {
  env: NodeJS.ProcessEnv;
  /** Long enough for Electron's ~100 MB on a slow line; an offline machine fails within a second anyway. */
  timeoutMs?: number;
  progressEveryMs?: number;
  /** Called every progressEveryMs with the time the download has taken so far. */
  onProgress?: (elapsedMs: number) => void;
}

const DEFAULT_TIMEOUT_MS = 180_000;
const DEFAULT_PROGRESS_EVERY_MS = 5_000;

/**
 * Runs the install script with Node. Its output is kept, not shown: on failure it prints a stack trace, of which
 * the first line (`RequestError: getaddrinfo ENOTFOUND github.com`) is what a person needs.
 */
export function fetchElectronBinary(
  installScript: string,
  options: ElectronFetchOptions,
): Promise<ElectronFetchOutcome> {
  const { env, timeoutMs = DEFAULT_TIMEOUT_MS, progressEveryMs = DEFAULT_PROGRESS_EVERY_MS, onProgress } = options;
  const started = Date.now();
  const child = spawn(process.execPath, [installScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const ticker = setInterval(() => onProgress?.(Date.now() - started), progressEveryMs);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      clearInterval(ticker);
      if (timedOut) resolve({ fetched: false, reason: `the download took longer than ${timeoutMs / 1000} s` });
      else if (code === 0) resolve({ fetched: true });
      else
        resolve({
          fetched: false,
          reason:
            firstLine(output.stderr) ?? firstLine(output.stdout) ?? `its install script ended with ${code ?? signal}`,
        });
    });
    child.on('error', (error) => {
      clearTimeout(limit);
      clearInterval(ticker);
      resolve({ fetched: false, reason: error.message });
    });
  });
}

const firstLine = (text: string): string | undefined =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean);
