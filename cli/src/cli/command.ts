// The shape every top-level command module exports; main.ts dispatches on `name`.
import type { ExitCode } from './exit-codes';

export interface Command {
  name: string;
  /** One line for `ssg help`. */
  summary: string;
  /** The full text for `ssg <name> --help` and `ssg help <name>`. */
  help: string;
  run(argv: string[]): ExitCode | Promise<ExitCode>;
}
