// A temp HOME, SSG_HOME and project for running a real agent host against ssg: `ssg` on PATH (a shim onto this
// checkout's CLI, as `npm install -g ssg-guard` would put it) and the host CLIs pinned in e2e/package.json.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ssgBin, Workspace, type CliRun } from '@ssg/testing/cli-harness';

const e2eDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of a host CLI installed by `npm install --prefix e2e`; throws with the fix when it is missing. */
export function hostBin(name: 'claude' | 'codex' | 'opencode' | 'copilot'): string {
  const path = join(e2eDir, 'node_modules', '.bin', name);
  if (!existsSync(path)) throw new Error(`${name} is not installed: run \`npm ci --prefix e2e\` (npm test does it)`);
  return path;
}

export interface HostRunOptions {
  cwd?: string;
  env?: Record<string, string>;
  input?: string;
  timeoutMs?: number;
}

export class HostWorkspace extends Workspace {
  readonly binDir = join(this.root, 'bin');

  constructor() {
    super();
    ensureBuilt();
    mkdirSync(this.binDir, { recursive: true });
    const shim = join(this.binDir, 'ssg');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${ssgBin}" "$@"\n`);
    chmodSync(shim, 0o755);
  }

  override env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const base = super.env();
    return { ...base, PATH: `${this.binDir}${delimiter}${base.PATH ?? ''}`, ...extra };
  }

  /** Runs a program (a host CLI) in the workspace, killing it after `timeoutMs`. */
  runHost(command: string, args: readonly string[], options: HostRunOptions = {}): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const cwd = options.cwd ?? this.project;
      // Some hosts (OpenCode) take their folder from PWD before the process's cwd: keep the two the same.
      const child = spawn(command, args, { cwd, env: this.env({ PWD: cwd, ...options.env }) });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
      child.stdin.end(options.input ?? '');
    });
  }
}
