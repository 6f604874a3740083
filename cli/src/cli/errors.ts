// Errors that are the user's to fix. They print as one line, `ssg <cmd>: <what is wrong> — <what to do>`,
// never as a stack trace; anything else that escapes a command is treated as a bug in ssg.
import { ExitCode } from './exit-codes';

export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    message: string,
    /** What the user can do about it. */
    readonly fix: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

export const usageError = (message: string, fix: string): CliError => new CliError(message, fix, ExitCode.usage);
export const inputError = (message: string, fix: string): CliError => new CliError(message, fix, ExitCode.badInput);
export const rulesError = (message: string, fix: string): CliError =>
  new CliError(message, fix, ExitCode.rulesUnusable);

/** The one-line form of a user error; `command` is undefined for errors before a command was chosen. */
export function formatCliError(command: string | undefined, error: CliError): string {
  return `${command ? `ssg ${command}` : 'ssg'}: ${error.message} — ${error.fix}`;
}
