// What `ssg init --client=<name>` runs for an adapter: its install and uninstall steps, recorded into a report,
// and the problems that keep the host from reaching ssg (for `ssg doctor`). Each host's installer is its
// <host>/installer.ts, listed in installers.ts.
import { homedir } from 'node:os';
import type { InstallReport } from './install-report';

export interface InstallTarget {
  /** The project ssg is installed for. */
  readonly projectDir: string;
  /** The user's home: os.homedir(), which honours HOME (so tests run against a temporary one). */
  readonly home: string;
}

export interface AdapterInstaller {
  /** Idempotent: a second run leaves every file untouched. Throws ConfigFileError before writing a bad file. */
  install(target: InstallTarget, report: InstallReport): void;
  /** Removes only what install wrote; the user's content stays. */
  uninstall(target: InstallTarget, report: InstallReport): void;
  /** Why the host would not reach ssg, one line each; empty when it is wired. */
  problems(target: InstallTarget): string[];
}

export const installTarget = (projectDir: string = process.cwd()): InstallTarget => ({ projectDir, home: homedir() });
