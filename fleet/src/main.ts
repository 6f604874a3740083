#!/usr/bin/env node
// `ssg-fleet` (fleet/bin/ssg-fleet.mjs, `npm run fleet`): runs the fleet server, or one of the operator's commands.
// `ssg-fleet --help` lists them. Exit codes: 0 done, 1 failed, 2 a usage mistake (unknown command, bad arguments).
import { type FleetCommand, UsageError } from './commands/fleet-command';
import { hubSign } from './commands/hub-sign';
import { initOrg } from './commands/init-org';
import { publishPlugin } from './commands/publish-plugin';
import { serve } from './commands/serve';
import { listSubscriptions, subscribe, unsubscribe } from './commands/subscriptions';

const COMMANDS = new Map<string, FleetCommand>([
  ['serve', serve],
  ['init-org', initOrg],
  ['subscribe', subscribe],
  ['unsubscribe', unsubscribe],
  ['subscriptions', listSubscriptions],
  ['publish-plugin', publishPlugin],
  ['hub-sign', hubSign],
]);

function help(): string {
  const entries: [string, string][] = [
    ...[...COMMANDS].map(([name, { usage, summary }]): [string, string] => [`${name} ${usage}`.trimEnd(), summary]),
    ['help', 'this list (also --help, -h)'],
  ];
  return [
    'usage: ssg-fleet [<command>] [arguments]   (no command: serve)',
    '',
    ...entries.map(([usage, summary]) => `  ssg-fleet ${usage}\n      ${summary}`),
    '',
    'Configuration comes from SSG_FLEET_* variables (fleet/README.md, docs/fleet.md).',
  ].join('\n');
}

/** Mistakes in how a command was called: ours, and node:util parseArgs's (an unknown option, a missing value). */
function isUsageMistake(error: unknown): boolean {
  return error instanceof UsageError || /^ERR_PARSE_ARGS_/.test((error as { code?: string } | null)?.code ?? '');
}

const [name = 'serve', ...args] = process.argv.slice(2);
if (name === 'help' || name === '--help' || name === '-h') {
  console.log(help());
} else {
  const command = COMMANDS.get(name);
  if (!command) {
    console.error(`ssg-fleet: unknown command ${JSON.stringify(name)}; commands: ${[...COMMANDS.keys()].join(', ')}`);
    console.error('ssg-fleet --help says what each does');
    process.exit(2);
  }
  command.run(args).catch((error: unknown) => {
    console.error(`ssg-fleet: ${(error as Error).message}`);
    if (!isUsageMistake(error)) process.exit(1);
    console.error(`usage: ssg-fleet ${name} ${command.usage}`.trimEnd());
    process.exit(2);
  });
}
