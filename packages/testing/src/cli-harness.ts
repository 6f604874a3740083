// Test support for end-to-end tests: builds the CLI bundles once (however many test files ask, even in
// parallel processes) and runs `node cli/bin/ssg.cjs …` in isolated temp homes and projects.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cliDir = join(root, 'cli');
export const ssgBin = join(cliDir, 'bin', 'ssg.cjs');
// Everything the bundles are built from: the CLI's own sources, the daemon's, the terminal's pty host's and the
// workspace packages'.
const sources = [
  join(cliDir, 'src'),
  join(root, 'daemon', 'src'),
  join(root, 'terminal', 'src'),
  join(root, 'packages'),
];
const bundles = ['ssg.cjs', 'hook.cjs', 'mcp.cjs', 'daemon.cjs', 'sql-writer-thread.cjs', 'terminal-host.cjs'].map(
  (name) => join(cliDir, 'dist', name),
);

/** Runs `npm run build`'s bundling step unless the bundles are newer than every source file. */
export function ensureBuilt(): void {
  const lock = join(tmpdir(), `ssg-cli-build-${Buffer.from(cliDir).toString('hex').slice(-24)}.lock`);
  acquire(lock);
  try {
    if (bundlesAreFresh()) return;
    const result = spawnSync(process.execPath, ['build.mjs'], { cwd: cliDir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`building the CLI failed:\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function acquire(lock: string): void {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      // Another test process is building; a lock older than a minute belongs to a crashed one.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
}

function bundlesAreFresh(): boolean {
  const built = Math.min(...bundles.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0));
  return built > Math.max(...sources.map(newestSource));
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  input?: string | Buffer;
  cwd?: string;
  /** Added to a clean environment (no host variables, HOME and SSG_HOME pointing into the workspace). */
  env?: Record<string, string>;
}

/** An isolated SSG_HOME and project folder; `cleanup()` removes both. */
export class Workspace {
  readonly root = mkdtempSync(join(tmpdir(), 'ssg-cli-test-'));
  readonly home = join(this.root, 'ssg-home');
  readonly project = join(this.root, 'project');

  constructor() {
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.project, { recursive: true });
  }

  /** Writes a file under the workspace root (parents created) and returns its absolute path. */
  write(relativePath: string, content: string): string {
    const path = join(this.root, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return path;
  }

  /**
   * Accepts the rules of `<root>/<folder>/.ssg/rules` by running `ssg trust` there, as a person would: project
   * rules apply only once accepted, and then as accepted, so call this again after changing them.
   */
  trust(folder = 'project'): void {
    const run = this.run(['trust'], { cwd: join(this.root, folder) });
    if (run.status !== 0) throw new Error(`ssg trust in ${folder} failed: ${run.stderr}`);
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    // The tests may themselves run inside an agent host; its variables would change adapter detection, and its
    // markers would make ssg ask a person before commands that lower protection.
    for (const [key, value] of Object.entries(process.env)) {
      // The hosts' config folders too: an install must land in the workspace, never in the developer's own.
      if (
        !/^(CLAUDE_CODE_|CLAUDECODE$|CLAUDE_CONFIG_DIR$|CODEX_|OPENCODE|COPILOT_|GEMINI_CLI|SSG_|CURSOR_|REPL)/.test(
          key,
        )
      ) {
        env[key] = value;
      }
    }
    // Port 1 refuses connections: the hooks see no daemon unless a test starts one and points this elsewhere.
    return { ...env, HOME: this.root, SSG_HOME: this.home, SSG_DAEMON_URL: 'http://127.0.0.1:1', ...extra };
  }

  run(args: string[], options: CliRunOptions = {}): CliRun {
    const result = spawnSync(process.execPath, [ssgBin, ...args], {
      cwd: options.cwd ?? this.project,
      input: options.input ?? '',
      env: this.env(options.env),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  /** Like run(), without blocking: for processes that must overlap. */
  runAsync(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [ssgBin, ...args], {
        cwd: options.cwd ?? this.project,
        env: this.env(options.env),
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(options.input ?? '');
    });
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Rules exercising every decision, used by the end-to-end tests. */
export const SAMPLE_RULES = `# Sample rules for ssg's end-to-end tests.
rule no-rm-root {
  priority 100
  severity error
  DENY execution
  IF command CONTAINS "rm -rf /"
  MESSAGE "Recursive delete of / is blocked."
}

rule ask-push {
  ASK execution
  IF command STARTS_WITH "git push"
  PROMPT "Push to the remote?"
  MESSAGE "Pushing changes."
}

rule use-pnpm {
  FORCE execution
  IF command STARTS_WITH "npm install"
  MESSAGE "This project uses pnpm."
  SUBSTITUTE "pnpm install"
}

rule audit-fetch {
  LOG network
  IF tool EQUALS "WebFetch"
  MESSAGE "Fetching a URL."
}

rule no-aws-keys {
  DENY write
  IF content REGEX "AKIA[0-9A-Z]{16}"
  MESSAGE "Do not write AWS keys."
}

rule ask-env-files {
  ASK write
  IF path GLOB "**/*.env"
  PROMPT "Write an env file?"
}

rule no-todo-writes {
  DENY write
  IF tool EQUALS "TodoWrite"
  MESSAGE "Only for the generic classification test."
}
`;
