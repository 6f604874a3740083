// Test support for the shell-level hook templates in resources/hooks/: a workspace whose project has a marker
// folder and a rule that protects it, and a way to run real programs (bash, node, python3) with ssg wired in.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliRun, ssgBin, Workspace } from '@ssg/testing/cli-harness';

const hooksDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'resources', 'hooks');
export const bashWrapper = join(hooksDir, 'bin', 'bash');
export const nodeHook = join(hooksDir, 'hooks', 'ssg-node-hook.cjs');
export const pythonHookDir = join(hooksDir, 'hooks', 'python');

export const MARKER_RULES = `rule keep-marker {
  DENY execution
  IF command STARTS_WITH "rm -rf" AND command CONTAINS "marker"
  MESSAGE "The marker folder stays."
}
`;

export const MARKER_REASON = 'ssg blocked this (rule keep-marker): The marker folder stays.';

export interface ProgramRun extends CliRun {
  signal: NodeJS.Signals | null;
}

export class HookWorkspace extends Workspace {
  readonly marker = join(this.project, 'marker');

  constructor() {
    super();
    this.write('project/.ssg/rules/marker.rules', MARKER_RULES);
    this.trust();
    mkdirSync(this.marker);
  }

  markerExists(): boolean {
    return existsSync(this.marker);
  }

  /** The workspace's environment with ssg reachable through SSG_BIN. */
  override env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return super.env({ SSG_BIN: ssgBin, ...extra });
  }

  /** Runs a program in the project folder. */
  runProgram(file: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}): ProgramRun {
    const result = spawnSync(file, args, {
      cwd: this.project,
      input: options.input ?? '',
      env: this.env(options.env),
      encoding: 'utf8',
      // A wrapper that looped into itself would never end: fail the test instead of hanging.
      timeout: 60_000,
    });
    if (result.error) throw result.error;
    return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  }
}
