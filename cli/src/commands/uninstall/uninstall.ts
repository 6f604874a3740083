// `ssg uninstall --client=<name>`: removes what `ssg init` wrote for the host, leaving the user's content.
import { adapterNames } from '@ssg/hosts/registry';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { installClient } from '../init/install-client';

const help = `Usage: ssg uninstall --client <name> [--dir <project>]

Removes ssg's entries that \`ssg init --client <name>\` wrote: our hook, our MCP server entry. Other hooks,
servers and keys stay; a file that held nothing but ssg's entry is removed. codex and codex-desktop share the
[mcp_servers.ssg-governance] table in ~/.codex/config.toml: it stays until both are uninstalled.

Options:
  --client <name>   the host to unwire (required)
  --dir <project>   the project folder (default: the current folder)
  -h, --help        show this help

Exit codes: as \`ssg init\`: 0 done, 2 usage error, 3 a malformed configuration file.

Example:
  ssg uninstall --client=codex
`;

export const uninstallCommand: Command = {
  name: 'uninstall',
  summary: 'remove what `ssg init` installed for a host',
  help,
  run(argv) {
    const { values } = parseCommandArgs('uninstall', argv, { client: { type: 'string' }, dir: { type: 'string' } });
    if (values.client === undefined) {
      throw usageError('missing --client', `name the host: ${adapterNames().join(', ')}`);
    }
    return installClient(values.client, values.dir ?? '.', 'uninstall');
  },
};
