// Test support: `ssg daemon --port 0` (the built CLI) as a process of its own on a workspace's home, for tests that
// kill it or starve it, which a daemon inside the test's own process cannot survive to report on.
import { type ChildProcess, spawn } from 'node:child_process';
import { ssgBin, type Workspace } from '@ssg/testing/cli-harness';

export interface DaemonProcess {
  child: ChildProcess;
  url: string;
  /** Settles when the process has exited. */
  exited: Promise<void>;
}

/**
 * Starts the daemon and resolves once it prints where it listens. `wrapper` runs it under another program, e.g.
 * `['prlimit', '--nofile=256:256']`; `env` is added to the workspace's environment.
 */
export function startDaemonProcess(
  ws: Workspace,
  wrapper: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<DaemonProcess> {
  const [program, ...args] = [...wrapper, process.execPath, ssgBin, 'daemon', '--port', '0'];
  const child = spawn(program!, args, { env: ws.env(env), stdio: 'pipe' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      if (url) resolve({ child, url, exited });
    });
    child.once('exit', (code) => reject(new Error(`ssg daemon exited ${code} before listening: ${stderr}`)));
  });
}
