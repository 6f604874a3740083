// `ssg plugins emit <host>`: prints the plugin ssg ships for a host whose hook is an in-process plugin, so it can
// be installed by hand or by a fleet tool (`ssg plugins emit opencode > .opencode/plugins/ssg-governance.js`).
// The file is printed exactly as shipped in resources/plugins/, byte for byte.
import { readFileSync } from 'node:fs';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { PLUGIN_FILES, pluginFilePath } from '@ssg/node/resources';

const help = `Usage: ssg plugins emit <host>

Prints the ssg plugin for <host> to stdout, exactly as shipped. Hosts: ${Object.keys(PLUGIN_FILES).join(', ')}.

  opencode   .opencode/plugins/ssg-governance.js: runs \`ssg hook opencode\` before every tool call and stops
             the call on block, force and ask (OpenCode plugins cannot ask). Needs \`ssg\` on PATH (or SSG_BIN)
             and an active license; without one every call is blocked.
  grok-bot   the ssg-guardrails skill (SKILL.md): evaluate every call with ssg_evaluate; when ssg cannot answer,
             stop destructive, secret, irreversible and rule-mutating actions; never touch ssg's rules.

Example:
  ssg plugins emit opencode > .opencode/plugins/ssg-governance.js

Exit codes: 0 printed, 2 usage error (unknown host or subcommand).
`;

export const pluginsCommand: Command = {
  name: 'plugins',
  summary: 'print the plugin ssg ships for a host (`ssg plugins emit opencode`)',
  help,
  run(argv) {
    const { positionals } = parseCommandArgs('plugins', argv, {}, 2);
    const [subcommand, host] = positionals;
    const hosts = Object.keys(PLUGIN_FILES).join(', ');
    if (subcommand !== 'emit') {
      throw usageError(
        subcommand === undefined ? 'missing subcommand' : `unknown subcommand '${subcommand}'`,
        `use \`ssg plugins emit <host>\` (hosts: ${hosts})`,
      );
    }
    if (host === undefined || !Object.hasOwn(PLUGIN_FILES, host)) {
      throw usageError(host === undefined ? 'missing host' : `no plugin for host '${host}'`, `hosts: ${hosts}`);
    }
    process.stdout.write(readFileSync(pluginFilePath(host)));
    return ExitCode.ok;
  },
};
