// Entry of the full CLI bundle (dist/ssg.cjs): every command except the hot-path hooks, which bin/ssg.cjs
// sends to the separate hook bundle.
import type { Command } from './cli/command';
import { formatCliError, usageError } from './cli/errors';
import { ExitCode } from './cli/exit-codes';
import { runCommand } from './cli/run-command';
import { approveCommand, denyCommand } from './commands/approvals/answer';
import { approvalsCommand } from './commands/approvals/approvals';
import { auditCommand } from './commands/audit/audit';
import { authCommand } from './commands/auth/auth';
import { budgetCommand } from './commands/budget/budget';
import { certifyCommand } from './commands/certify/certify';
import { checkCommand } from './commands/check/check';
import { daemonCommand } from './commands/daemon/daemon';
import { dashboardCommand } from './commands/dashboard/dashboard';
import { doctorCommand } from './commands/doctor/doctor';
import { evalCommand } from './commands/eval/eval';
import { fleetCommand } from './commands/fleet/fleet';
import { helpCommand, overviewHelp, unknownCommand } from './commands/help';
import { hookCommand } from './commands/hook/hook';
import { hubCommand } from './commands/hub/hub';
import { initCommand } from './commands/init/init';
import { mcpServerCommand } from './commands/mcp-server/mcp-server';
import { pluginsCommand } from './commands/plugins/plugins';
import { sleepCommand } from './commands/sleep/sleep';
import { trustCommand } from './commands/trust/trust';
import { uninstallCommand } from './commands/uninstall/uninstall';
import { cliVersion } from './commands/version';

const commands: readonly Command[] = [
  evalCommand,
  hookCommand,
  checkCommand,
  certifyCommand,
  mcpServerCommand,
  initCommand,
  uninstallCommand,
  doctorCommand,
  daemonCommand,
  dashboardCommand,
  budgetCommand,
  sleepCommand,
  approvalsCommand,
  approveCommand,
  denyCommand,
  auditCommand,
  trustCommand,
  hubCommand,
  pluginsCommand,
  authCommand,
  fleetCommand,
  helpCommand(() => commands),
];

async function main(argv: string[]): Promise<ExitCode> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    process.stdout.write(overviewHelp(commands));
    return ExitCode.ok;
  }
  if (first === '--version' || first === '-v' || first === 'version') {
    process.stdout.write(`${cliVersion()}\n`);
    return ExitCode.ok;
  }
  const command = commands.find((candidate) => candidate.name === first);
  if (command) return runCommand(command, rest);
  const error = first.startsWith('-')
    ? usageError(`unknown option '${first}'`, 'run `ssg help` for the options')
    : unknownCommand(first, commands);
  process.stderr.write(`${formatCliError(undefined, error)}\n`);
  return error.exitCode;
}

// `ssg check | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
