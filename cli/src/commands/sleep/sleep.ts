// `ssg sleep on [--for <duration>] | off | status`: Sleep at Night through the daemon, which owns the state and
// its layers (the CLI writes nothing itself, so the dashboard and the CLI can never disagree).
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import { callDaemon, callDaemonAsPerson } from '../../daemon-client/call-daemon';
import { type SleepModeRequest } from '@ssg/contracts/sleep-mode';
import { parseSleepDuration } from './duration';
import { renderSleepReport } from './sleep-report';

const help = `Usage: ssg sleep on [--for <duration>] [--json]
       ssg sleep off [--json]
       ssg sleep status [--json]

Sleep at Night: one switch for the hours nobody watches the agent. On arms four layers:
  rules           the 10 Sleep at Night rules (force-push, mass deletion, download-and-run, … are denied;
                  sudo, package installs, credential reads, … are asked), as ~/.ssg/rules/ssg-sleep-at-night.rules
  selfProtection  self-preservation rules, so the agent cannot remove or switch off ssg
                  (~/.ssg/rules/ssg-self-preservation.rules; stays on after \`ssg sleep off\`)
  failClosed      while the daemon is unreachable, hooks block every call instead of letting it through
  watch           the daemon reloads rule files as soon as they change
Off takes the rules, failClosed and watch layers down again. With --for, Sleep at Night turns itself off when the
time is up. The daemon keeps the state in ~/.ssg/sleep-mode.json across restarts, so it must be running.
\`ssg sleep\` alone is \`ssg sleep status\`.

Options:
  --for <duration>  on: turn off again after this long: 30m, 8h, 7d, 1h30m (d, h, m, s; at most 30d)
  --json            print the daemon's answer as JSON (fields in docs/daemon-api.md)
  -h, --help        show this help

Output: whether Sleep at Night is on, since and until when, the time left, and each layer's state.

Exit codes: 0 done, 2 usage error (unknown subcommand, bad duration), 5 the daemon is not running or refused.

Examples:
  ssg sleep on --for 8h
  ssg sleep status
  ssg sleep off
`;

const SUBCOMMANDS = ['on', 'off', 'status'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

export const sleepCommand: Command = {
  name: 'sleep',
  summary: 'Sleep at Night: arm the night-time guard (`ssg sleep on --for 8h`, `off`, `status`)',
  help,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(
      'sleep',
      argv,
      { for: { type: 'string' }, json: { type: 'boolean' } },
      1,
    );
    const subcommand = positionals[0] ?? 'status';
    if (!isSubcommand(subcommand)) {
      throw usageError(
        `unknown subcommand '${printable(subcommand)}'`,
        'use `ssg sleep on [--for 8h]`, `off` or `status`',
      );
    }
    if (values.for !== undefined && subcommand !== 'on') {
      throw usageError('--for applies only to `ssg sleep on`', 'for example `ssg sleep on --for 8h`');
    }
    const state =
      subcommand === 'status'
        ? await callDaemon('GET /api/json/sleep-mode')
        : await callDaemonAsPerson(`turn Sleep at Night ${subcommand}`, 'POST /api/json/sleep-mode', {
            body: requestFor(subcommand, values.for),
          });
    process.stdout.write(values.json ? `${JSON.stringify(state, null, 2)}\n` : renderSleepReport(state));
    return ExitCode.ok;
  },
};

function isSubcommand(word: string): word is Subcommand {
  return (SUBCOMMANDS as readonly string[]).includes(word);
}

function requestFor(subcommand: 'on' | 'off', duration: string | undefined): SleepModeRequest {
  if (subcommand === 'off') return { enabled: false };
  if (duration === undefined) return { enabled: true };
  const parsed = parseSleepDuration(duration);
  if (!parsed.ok) throw usageError(`--for ${parsed.problem}`, 'for example `ssg sleep on --for 8h` (at most 30d)');
  return { enabled: true, forMs: parsed.ms };
}
