// Test support: a real daemon on a free loopback port with its own temp SSG_HOME, and a small HTTP helper that
// sends the admin credential (a person's request) unless told to send another token or none. Every integration test drives the daemon over real HTTP through this.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_SESSIONS_PATH } from '@ssg/contracts/dashboard';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { type DaemonOptions, type RunningDaemon, startDaemon } from '../daemon';

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestRequestOptions {
  body?: unknown;
  /** Raw body text (sent as is, with content-type application/json unless headers say otherwise). */
  rawBody?: string;
  /** false: send no token; a string: send that token (e.g. `hookToken`, the hooks' credential) instead. */
  token?: false | string;
  headers?: Record<string, string>;
}

export class TestDaemon {
  private constructor(
    readonly home: string,
    readonly daemon: RunningDaemon,
  ) {}

  static async start(options: Partial<DaemonOptions> = {}): Promise<TestDaemon> {
    const home = options.home ?? mkdtempSync(join(tmpdir(), 'ssg-daemon-test-'));
    // The agents' logs are looked for under the temp home, never in the real ~/.claude or ~/.codex.
    const env = { HOME: home, CLAUDE_CONFIG_DIR: join(home, 'claude'), CODEX_HOME: join(home, 'codex') };
    // The admin credential in <home>/admin.token, never in the developer's own keychain.
    const daemon = await startDaemon({ port: 0, env, keychain: () => undefined, ...options, home });
    return new TestDaemon(home, daemon);
  }

  get url(): string {
    return this.daemon.url;
  }

  /** The hooks' credential: what every process of the user, agents included, can read. */
  get hookToken(): string {
    return this.daemon.token;
  }

  async request<T = unknown>(method: string, path: string, options: TestRequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = {};
    if (options.token !== false) headers['x-service-token'] = options.token ?? this.daemon.adminToken;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.url}${path}`, { method, headers: { ...headers, ...options.headers }, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: the test sees the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** A dashboard session, as the page gets one: a one-time link's ticket exchanged from the daemon's origin. */
  async signIn(): Promise<string> {
    const ticket = new URLSearchParams(new URL(this.daemon.dashboardLink()).hash.slice(1)).get('ticket');
    const response = await this.request<{ token: string }>('POST', DASHBOARD_SESSIONS_PATH, {
      body: { ticket },
      token: false,
      headers: { origin: this.url },
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
    return response.body.token;
  }

  /** A Workspace for the built CLI whose SSG_HOME a daemon serves: `ssg` commands end to end. */
  static async forCli(): Promise<{ ws: Workspace; daemon: TestDaemon }> {
    ensureBuilt();
    const ws = new Workspace();
    return { ws, daemon: await TestDaemon.start({ home: ws.home }) };
  }

  /** Stops the daemon of forCli() and removes its workspace. */
  async stopWithCli(ws: Workspace): Promise<void> {
    await this.stop({ keepHome: true });
    ws.cleanup();
  }

  /** Stops the daemon; the home is removed unless `keepHome` (restart tests start a new daemon on it). */
  async stop({ keepHome = false } = {}): Promise<void> {
    await this.daemon.close();
    if (!keepHome) rmSync(this.home, { recursive: true, force: true });
  }
}
