// What `ssg init --client=<name>` runs for an adapter: its install and uninstall steps, recorded into a report,
// and the problems that keep the host from reaching ssg (for `ssg doctor`). Each host's installer is its
// <host>/installer.ts, listed in installers.ts.
import { homedir } from 'node:os';
import type { InstallReport } from './install-report';
import { ssgProgram } from './ssg-program';

/** Where a host's hook goes: its user settings (every folder) or one project's (sessions started there). */
export type InstallScope = 'user' | 'project';

export interface InstallTarget {
  /** The project ssg is installed for. */
  readonly projectDir: string;
  /** The user's home: os.homedir(), which honours HOME (so tests run against a temporary one). */
  readonly home: string;
  /** The hosts' own variables (CLAUDE_CONFIG_DIR, CODEX_HOME, COPILOT_HOME) and PATH. */
  readonly env: NodeJS.ProcessEnv;
  /** For hosts that have both: user-wide (the default) or this project only. */
  readonly scope: InstallScope;
  /** How hooks start ssg (ssg-program.ts); undefined when it cannot be named, which install refuses. */
  readonly ssg: string | undefined;
}

export interface AdapterInstaller {
  /** Idempotent: a second run leaves every file untouched. Throws ConfigFileError before writing a bad file. */
  install(target: InstallTarget, report: InstallReport): void;
  /** Removes only what install wrote; the user's content stays. */
  uninstall(target: InstallTarget, report: InstallReport): void;
  /** Why the host would not reach ssg, one line each; empty when it is wired. */
  problems(target: InstallTarget): string[];
  /** For hosts with scopes: which sessions the installed hook covers, or undefined when none is installed. */
  coverage?(target: InstallTarget): string | undefined;
}

export interface InstallTargetOptions {
  scope?: InstallScope;
  env?: NodeJS.ProcessEnv;
  /** Default: os.homedir(). */
  home?: string;
}

export function installTarget(
  projectDir: string = process.cwd(),
  { scope = 'user', env = process.env, home = homedir() }: InstallTargetOptions = {},
): InstallTarget {
  return { projectDir, home, env, scope, ssg: ssgProgram(env, process.argv[1]) };
}
