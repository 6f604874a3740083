// A real daemon for the browser tests: the built CLI's `ssg daemon --port 0` in a temp SSG_HOME (serving the built
// renderer), its url and admin credential read from the home as a person's `ssg` does (on Linux the daemon keeps
// it in <home>/admin.token), and helpers to sign a page in through a one-time ticket, to call the API with it and
// to run `ssg` commands against it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const ROOT = join(__dirname, '..', '..');
const SSG = join(ROOT, 'cli', 'bin', 'ssg.cjs');

export interface SsgRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export class DashboardDaemon {
  private constructor(
    readonly home: string,
    readonly url: string,
    readonly token: string,
    private readonly child: ChildProcess,
  ) {}

  /** `env`: more variables for the daemon (and the pty host it starts), e.g. a fake service's URL. */
  static async start(env: NodeJS.ProcessEnv = {}): Promise<DashboardDaemon> {
    if (!existsSync(join(ROOT, 'renderer', 'dist', 'index.html'))) {
      throw new Error('renderer/dist is missing: run `npm run build` first');
    }
    const home = mkdtempSync(join(tmpdir(), 'ssg-browser-'));
    const child = spawn(process.execPath, [SSG, 'daemon', '--port', '0'], {
      env: {
        ...process.env,
        SSG_HOME: home,
        HOME: home,
        CLAUDE_CONFIG_DIR: join(home, 'claude'),
        CODEX_HOME: join(home, 'codex'),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 15_000;
    while (!existsSync(join(home, 'daemon.json'))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the daemon did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { url } = JSON.parse(readFileSync(join(home, 'daemon.json'), 'utf8')) as { url: string };
    const token = readFileSync(join(home, 'admin.token'), 'utf8').trim();
    return new DashboardDaemon(home, url, token, child);
  }

  /** Calls the API with the admin credential, as a person's `ssg` does. */
  async api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'x-service-token': this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** A fresh one-time sign-in link. */
  async ticketUrl(): Promise<string> {
    const { status, body } = await this.api<{ url: string }>('POST', '/api/json/dashboard/tickets', {});
    if (status !== 200) throw new Error(`POST /api/json/dashboard/tickets answered ${status}`);
    return body.url;
  }

  /** Signs the page in through a ticket, as a person opening the link would, and opens `hash` (e.g. `#/spending`). */
  async signIn(page: Page, hash = ''): Promise<void> {
    await page.goto(await this.ticketUrl());
    // The page trades the ticket after it loads: the navigation shows once the tab is signed in.
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    if (hash) await page.goto(`${this.url}/${hash}`);
  }

  /** Runs the built `ssg` CLI against this daemon's home. */
  ssg(args: string[], input?: string): SsgRun {
    const run = spawnSync(process.execPath, [SSG, ...args], {
      input,
      env: { ...process.env, SSG_HOME: this.home, HOME: this.home },
      encoding: 'utf8',
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  /** Runs `ssg` without waiting (a hook that waits for an approval). */
  ssgAsync(args: string[], input: string): Promise<SsgRun> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [SSG, ...args], {
        env: { ...process.env, SSG_HOME: this.home, HOME: this.home },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(input);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.home, { recursive: true, force: true });
  }
}

/** Claude Code's PreToolUse payload for a Bash command, as `ssg hook eval` reads it on stdin. */
export function bashHookPayload(command: string, cwd: string): string {
  return JSON.stringify({
    session_id: 'browser-test',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });
}
