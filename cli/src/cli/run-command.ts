// Runs one command with the error handling every command shares: `--help` anywhere before `--` prints the
// command's help; user errors become one stderr line and their exit code; anything else is a bug in ssg and
// says how to see the details.
import { InvalidToolCallError } from '@ssg/hosts/adapter/invalid-tool-call';
import { adapterNames, UnknownClientError } from '@ssg/hosts/registry';
import { RulesUnusableError } from '@ssg/node/rules/rules-unusable';
import type { Command } from './command';
import { CliError, formatCliError, inputError, rulesError, usageError } from './errors';
import { ExitCode } from './exit-codes';
import { StdinTooLargeError } from '@ssg/node/stdin';

export async function runCommand(command: Command, argv: string[]): Promise<ExitCode> {
  const optionWords = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (optionWords.includes('--help') || optionWords.includes('-h')) {
    process.stdout.write(command.help);
    return ExitCode.ok;
  }
  try {
    return await command.run(argv);
  } catch (error) {
    const userError = asCliError(error);
    if (userError) {
      process.stderr.write(`${formatCliError(command.name, userError)}\n`);
      return userError.exitCode;
    }
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `ssg ${command.name}: internal error: ${detail} — this is a bug in ssg; run again with SSG_DEBUG=1 for details\n`,
    );
    if (process.env.SSG_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : detail}\n`);
    return ExitCode.internal;
  }
}

/** The user-facing form of the errors the shared modules raise. */
function asCliError(error: unknown): CliError | undefined {
  if (error instanceof CliError) return error;
  if (error instanceof RulesUnusableError) {
    return rulesError(error.message, 'check the --rules paths and the permissions of your rule folders');
  }
  if (error instanceof StdinTooLargeError) return inputError(error.message, 'send one tool call at a time');
  if (error instanceof InvalidToolCallError) return inputError(error.message, 'send {"tool": "...", "input": {...}}');
  if (error instanceof UnknownClientError) {
    return usageError(
      error.message,
      `use one of: ${adapterNames().join(', ')} (from --client, "client" or SSG_CLIENT)`,
    );
  }
  return undefined;
}
