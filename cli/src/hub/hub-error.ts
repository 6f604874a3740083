// Every way a hub operation can fail (network, malformed manifest, failed verification, missing ruleset,
// license tier) is the user's to act on, so it is a one-line CliError; all of them exit 1 ("the pull ran and
// was refused"), apart from usage errors.
import { CliError } from '../cli/errors';
import { ExitCode } from '../cli/exit-codes';

export const hubError = (message: string, fix: string): CliError => new CliError(message, fix, ExitCode.failures);
