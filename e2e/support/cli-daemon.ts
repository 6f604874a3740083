// `ssg daemon --port 0` from the built CLI, as a user runs it in browser mode, on a HostWorkspace's home and with
// the environment the test gives it: the daemon passes that environment on to the pty host it forks, and the host
// to the Claude Code in each pane. Requests go with the admin credential the daemon created (a person's request).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDaemonProcess } from '@ssg/daemon/testing/daemon-process';
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
  static async start(workspace: HostWorkspace, env: Record<string, string>): Promise<CliDaemon> {
    const { child, url, exited } = await startDaemonProcess(workspace, [], env);
    const adminToken = readFileSync(join(workspace.home, 'admin.token'), 'utf8').trim();
    return new CliDaemon(child, url, adminToken, exited);
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
