// `ssg daemon --port 0` from the built CLI, as a user runs it in browser mode, on a HostWorkspace's home and with
// the environment the test gives it: the daemon passes that environment on to the pty host it forks, and the host
// to the Claude Code in each pane. Requests go with the admin credential the daemon created (a person's request).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ssgBin } from '@ssg/testing/cli-harness';
import type { HostWorkspace } from './host-workspace';

export interface CliDaemonResponse<T> {
  status: number;
  body: T;
}

export class CliDaemon {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly adminToken: string,
    private readonly exited: Promise<void>,
  ) {}

  /** Resolves once the daemon prints where it listens; `env` is added to the workspace's clean environment. */
  static start(workspace: HostWorkspace, env: Record<string, string>): Promise<CliDaemon> {
    const child = spawn(process.execPath, [ssgBin, 'daemon', '--port', '0'], {
      env: workspace.env(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return new Promise((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
        if (!url) return;
        const adminToken = readFileSync(join(workspace.home, 'admin.token'), 'utf8').trim();
        resolve(new CliDaemon(child, url, adminToken, exited));
      });
      child.once('exit', (code) => reject(new Error(`ssg daemon exited ${code} before listening: ${stderr}`)));
    });
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<CliDaemonResponse<T>> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        'x-service-token': this.adminToken,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  }

  /** Stops the daemon; its pty host ends with it, and the panes' processes with the host. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
