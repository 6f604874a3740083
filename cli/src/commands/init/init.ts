// `ssg init --client=<name>`: wires a host to ssg for a project (or takes it out again with --uninstall).
import { adapterNames } from '@ssg/hosts/registry';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { installClient } from './install-client';
import type { InstallScope } from '@ssg/hosts/install/adapter-installer';
import { printable } from '../../cli/printable';

const help = `Usage: ssg init --client <name> [--scope user|project] [--dir <project>] [--uninstall]

Installs what a host needs to send its agent's tool calls to ssg: hooks, MCP server entries, instructions.
Only ssg's own entries are written; the rest of every file stays as it was. Running it again changes nothing.
Prints each file it created, updated, removed or left alone, then the steps left to do by hand.

Clients: ${adapterNames().join(', ')}.
Each writes only its host's files (the list per client is in docs/cli.md, "ssg init"), for example:
  claude-code     PreToolUse hook \`<ssg> hook eval\` for every tool in the user settings ($CLAUDE_CONFIG_DIR or
                  ~/.claude/settings.json: every session, in any folder), or with --scope project in the
                  project's .claude/settings.json (sessions started in that folder only, not its subfolders)
  codex           $CODEX_HOME (else ~/.codex)/config.toml: [mcp_servers.ssg-governance] and Codex's trust in the
                  hook (as /hooks writes it); hooks.json: PreToolUse hook \`<ssg> hook codex --source=native\`
  cursor          .cursor/mcp.json and .cursor/rules/ssg-governance.mdc in the project
  aider           the bash/node/python hooks in ~/.ssg/hooks and .aider.conf.yml (only if absent)
  generic         nothing to install: callers pipe tool calls into \`ssg eval\`

Hooks name ssg by its absolute path (from PATH, else this command line's own), so a host with another PATH still
runs them; init refuses when it cannot name one.

Options:
  --client <name>   the host to wire (required)
  --scope <scope>   claude-code only: user (default) or project
  --dir <project>   the project folder (default: the current folder)
  --uninstall       remove what init installed (same as \`ssg uninstall\`)
  -h, --help        show this help

Exit codes: 0 done (or nothing to do), 2 usage error (unknown
client, missing --client, no such folder), 3 a configuration file is malformed (it is left untouched).

Examples:
  ssg init --client=claude-code
  ssg init --client=codex --dir ~/src/app
`;

export const initCommand: Command = {
  name: 'init',
  summary: 'wire a host (claude-code, codex, …) to ssg for a project',
  help,
  run(argv) {
    const { values } = parseCommandArgs('init', argv, {
      client: { type: 'string' },
      scope: { type: 'string' },
      dir: { type: 'string' },
      uninstall: { type: 'boolean' },
    });
    if (values.client === undefined) {
      throw usageError('missing --client', `name the host: ${adapterNames().join(', ')}`);
    }
    const scope = parseScope(values.client, values.scope);
    return installClient(values.client, values.dir ?? '.', values.uninstall ? 'uninstall' : 'install', scope);
  },
};

/** Hosts whose hook can go user-wide or into one project. */
const SCOPED_CLIENTS = ['claude-code'];

function parseScope(client: string, scope: string | undefined): InstallScope {
  if (scope === undefined) return 'user';
  if (scope !== 'user' && scope !== 'project') {
    throw usageError(
      `--scope ${printable(scope)} is not a scope`,
      'use --scope user (every folder) or --scope project',
    );
  }
  if (!SCOPED_CLIENTS.includes(client)) {
    throw usageError(`--scope applies only to ${SCOPED_CLIENTS.join(', ')}`, `${client} installs where its host reads`);
  }
  return scope;
}
