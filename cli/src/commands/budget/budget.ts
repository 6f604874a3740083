// `ssg budget [mode|set|warn-at]`: the spending limits through the daemon, which owns budget.json and the ledger.
// Changes read the whole document, change one thing and send the whole document back.
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import {
  BUDGET_MODES,
  type BudgetMode,
  type BudgetResponse,
  CAP_FIELDS,
  type CapField,
  CLIENT_NAME_PATTERN,
} from '@ssg/contracts/budget';
import { callDaemon, callDaemonAsPerson } from '../../daemon-client/call-daemon';
import { type BudgetChange, capChange, modeChange, warnAtChange } from './budget-change';
import { renderBudgetReport } from './budget-report';

const help = `Usage: ssg budget [--json]
       ssg budget mode <off|monitor|warn|enforce> [--json]
       ssg budget set <cap> <value|none> [--client <name>] [--json]
       ssg budget warn-at <fraction> [--json]

Spending limits: caps on dollars and on tool calls, for all clients together or per client, over five windows:
  session   since the daemon started          hourly    the last 60 minutes
  daily     today (local time)                weekly    the last 7 days
  monthly   this calendar month (local time)
Modes: off (caps kept, nothing enforced; spend still counted), monitor (tracked and shown), warn (the agent is
warned once a cap is warn-at used; the call proceeds), enforce (a call is blocked once a cap is reached).
Dollars come from the agents' own logs; models without a known price count as estimates (column "estimated").

\`ssg budget\` alone shows the mode, the warning threshold, any problem with budget.json, and per scope and window
the spend, the cap, the share used and when the window resets.

Subcommands:
  mode <mode>              set the mode
  set <cap> <value|none>   set a cap, or remove it with none. A cap is a window and a unit:
                           ${CAP_FIELDS.slice(0, 6).join(', ')},
                           ${CAP_FIELDS.slice(6).join(', ')}
                           (…Usd in dollars, …Calls a whole number of tool calls)
  warn-at <fraction>       the share of a cap at which warn mode warns: above 0, at most 1 (default 0.8)

Options:
  --client <name>   set: the cap applies to this client only (claude-code, codex, …); default all clients
  --json            print the daemon's answer as JSON (fields in docs/daemon-api.md)
  -h, --help        show this help

The daemon keeps the budget in ~/.ssg/budget.json, so it must be running. Details: docs/spending-limits.md.

Exit codes: 0 done, 2 usage error (unknown subcommand or cap, bad value), 5 the daemon is not running or refused
(an invalid value, or the budget changed while this command ran: run it again).

Examples:
  ssg budget
  ssg budget set dailyUsd 20
  ssg budget set hourlyCalls none --client codex
  ssg budget warn-at 0.9
  ssg budget mode enforce
`;

const SUBCOMMANDS = ['mode', 'set', 'warn-at'] as const;
const clientName = new RegExp(CLIENT_NAME_PATTERN);
const fixHint = 'run `ssg budget --help` for usage';

export const budgetCommand: Command = {
  name: 'budget',
  summary: 'spending limits: show spend against the caps, set caps and the mode (`ssg budget set dailyUsd 20`)',
  help,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(
      'budget',
      argv,
      { client: { type: 'string' }, json: { type: 'boolean' } },
      3,
    );
    const [subcommand, ...args] = positionals;
    if (values.client !== undefined && subcommand !== 'set') {
      throw usageError(
        '--client applies only to `ssg budget set`',
        'for example `ssg budget set dailyUsd 5 --client codex`',
      );
    }
    let response: BudgetResponse;
    let changed: string | undefined;
    if (subcommand === undefined) {
      response = await callDaemon('GET /api/json/budget');
    } else {
      const change = parseChange(subcommand, args, values.client);
      const before = await callDaemon('GET /api/json/budget');
      response = await callDaemonAsPerson('change the spending limits', 'POST /api/json/budget', {
        body: change.apply(before.config),
      });
      changed = change.describe(before.config);
    }
    if (values.json) process.stdout.write(`${JSON.stringify(response, null, 2)}\n`);
    else process.stdout.write(changed === undefined ? renderBudgetReport(response) : `${changed}\n`);
    return ExitCode.ok;
  },
};

function parseChange(subcommand: string, args: string[], client: string | undefined): BudgetChange {
  switch (subcommand) {
    case 'mode': {
      const [mode] = expectArgs(subcommand, args, ['<mode>']);
      if (!(BUDGET_MODES as readonly string[]).includes(mode)) {
        throw usageError(`unknown mode '${printable(mode)}'`, `use one of ${BUDGET_MODES.join(', ')}`);
      }
      return modeChange(mode as BudgetMode);
    }
    case 'set': {
      const [field, value] = expectArgs(subcommand, args, ['<cap>', '<value|none>']);
      if (!(CAP_FIELDS as readonly string[]).includes(field)) {
        throw usageError(`unknown cap '${printable(field)}'`, `use one of ${CAP_FIELDS.join(', ')}`);
      }
      if (client !== undefined && !clientName.test(client)) {
        throw usageError(
          `'${printable(client)}' is not a client name`,
          "use the client's adapter name: lowercase letters, digits and '-', e.g. claude-code",
        );
      }
      return capChange(field as CapField, parseCapValue(field as CapField, value), client);
    }
    case 'warn-at': {
      const [text] = expectArgs(subcommand, args, ['<fraction>']);
      const fraction = /^(\d+(\.\d+)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
      if (!(fraction > 0 && fraction <= 1)) {
        throw usageError(
          `warn-at '${printable(text)}' is not a fraction above 0 and at most 1`,
          'for example 0.9 for 90%',
        );
      }
      return warnAtChange(fraction);
    }
    default:
      throw usageError(
        `unknown subcommand '${printable(subcommand)}'`,
        `use ${SUBCOMMANDS.join(', ')}, or none to show the budget`,
      );
  }
}

/** The subcommand's arguments, exactly as many as `names` (which the error message shows). */
function expectArgs<const Names extends readonly string[]>(
  subcommand: string,
  args: string[],
  names: Names,
): { [Index in keyof Names]: string } {
  if (args.length < names.length) {
    throw usageError(`ssg budget ${subcommand} needs ${names.join(' ')}`, fixHint);
  }
  if (args.length > names.length) throw usageError(`unexpected argument '${printable(args[names.length]!)}'`, fixHint);
  return args as { [Index in keyof Names]: string };
}

/** A cap as typed: `none`, or a plain decimal number (a whole number for …Calls). */
function parseCapValue(field: CapField, text: string): number | null {
  if (text === 'none') return null;
  const calls = field.endsWith('Calls');
  const pattern = calls ? /^\d+$/ : /^(\d+(\.\d+)?|\.\d+)$/;
  const value = pattern.test(text) ? Number(text) : Number.NaN;
  if (calls ? !Number.isSafeInteger(value) : !Number.isFinite(value)) {
    throw usageError(
      `'${printable(text)}' is not a valid ${field}`,
      calls
        ? 'give a whole number of calls, or none to remove the cap'
        : 'give dollars like 20 or 2.50, or none to remove the cap',
    );
  }
  return value;
}
