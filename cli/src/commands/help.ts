// `ssg help [command]` and the overview printed by `ssg`, `ssg --help`.
import type { Command } from '../cli/command';
import { usageError } from '../cli/errors';
import { ExitCode } from '../cli/exit-codes';
import { closestMatch } from '../cli/suggest';

export function overviewHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const list = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
  return `ssg — governs AI coding agents: every tool call is checked against your .rules files before it runs.

Usage: ssg <command> [options]

Commands:
${list}

Options:
  -h, --help      show help (also \`ssg help <command>\`, \`ssg <command> --help\`)
  -v, --version   print the version

Rules: the project's .ssg/rules/*.rules, then ~/.ssg/rules/*.rules (or --rules <path>).
Environment: SSG_HOME (instead of ~/.ssg), SSG_CLIENT (force a client adapter), SSG_DEBUG=1 (stack traces).
Exit codes: 0 ok, 1 failures found, 2 usage error, 3 bad input, 4 rule files unusable, 70 internal error.
`;
}

export function helpCommand(commands: () => readonly Command[]): Command {
  return {
    name: 'help',
    summary: 'show help for a command',
    help: 'Usage: ssg help [command]\n\nShows the overview, or the full help of one command.\n',
    run([topic, ...rest]) {
      const all = commands();
      if (rest.length > 0)
        throw usageError(`unexpected argument '${rest[0]}'`, 'ask for one command: ssg help <command>');
      if (topic === undefined) {
        process.stdout.write(overviewHelp(all));
        return ExitCode.ok;
      }
      const command = all.find((candidate) => candidate.name === topic);
      if (!command) throw unknownCommand(topic, all);
      process.stdout.write(command.help);
      return ExitCode.ok;
    },
  };
}

export function unknownCommand(name: string, commands: readonly Command[]) {
  const guess = closestMatch(
    name,
    commands.map((command) => command.name),
  );
  const fix = guess
    ? `did you mean \`ssg ${guess}\`? (\`ssg help\` lists the commands)`
    : 'run `ssg help` for the list of commands';
  return usageError(`unknown command '${name}'`, fix);
}
