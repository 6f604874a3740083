// `ssg mcp-server`: serves ssg's governance tools over MCP on stdin/stdout, for hosts whose agents call tools
// through MCP (Cursor, Codex, Copilot's editor chat, …). The server and the MCP SDK live in their own bundle,
// dist/mcp.cjs (see build.mjs), required only here: no other command, and never the hook, pays for loading them.
import { createRequire } from 'node:module';
import { selectAdapter } from '@ssg/hosts/registry';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { ssgHome } from '@ssg/node/home';
import type { serveStdio } from '../../mcp/server';
import { parseToolGroups, TOOL_GROUPS } from '../../mcp/tool-groups';

const help = `Usage: ssg mcp-server [--client <name>]

Runs ssg's MCP server on stdin/stdout (the stdio transport) until the client disconnects. Hosts start it
themselves from their MCP configuration: command "ssg", args ["mcp-server"], env {"SSG_CLIENT": "<name>"}.
Logs go to stderr only; stdout carries the protocol.

Tools (always):
  ssg_evaluate   the verdict on a tool call before it runs: {tool, input, cwd?}
  ssg_rules      the rules in force: id, decision, target, file
  ssg_check      lint the .rules files under a path
  ssg_status     version, client, rule files and counts

More tools with SSG_MCP_TOOLS=<group>[,<group>...]:
  onboarding     ssg_onboarding: what ssg is and how to set it up for the client
  doctor         ssg_doctor: per adapter, whether its host is detected and wired to ssg
  authoring      ssg_validate_rules: parse, lint and try out draft rule text (writes nothing)

Options:
  --client <name>   the client whose tool names classify calls (claude-code, cursor, codex, …);
                    default: SSG_CLIENT, then detection, then generic
  -h, --help        show this help

Rules: the project's .ssg/rules/ found from the call's cwd (default: the server's working directory), then
~/.ssg/rules/. They are read again on every call, so edits apply without a restart.

Exit codes: 0 the client disconnected, 2 usage error.

Examples:
  ssg mcp-server --client cursor
  SSG_MCP_TOOLS=onboarding,authoring ssg mcp-server
`;

export const mcpServerCommand: Command = {
  name: 'mcp-server',
  summary: 'serve the governance tools over MCP (stdio)',
  help,
  async run(argv) {
    const { values } = parseCommandArgs('mcp-server', argv, { client: { type: 'string' } });
    const adapter = selectAdapter(values.client);
    const { groups, unknown } = parseToolGroups(process.env.SSG_MCP_TOOLS);
    if (unknown.length > 0) {
      process.stderr.write(
        `ssg mcp-server: SSG_MCP_TOOLS: ignoring unknown group${unknown.length === 1 ? '' : 's'} ` +
          `${unknown.map((name) => `'${name}'`).join(', ')} — known groups: ${TOOL_GROUPS.join(', ')}\n`,
      );
    }
    // Next to the CLI bundle this module is built into (so this command runs from the built CLI only).
    const server = createRequire(import.meta.url)('./mcp.cjs') as { serveStdio: typeof serveStdio };
    await server.serveStdio({ adapter, cwd: process.cwd(), home: ssgHome() }, groups);
    return ExitCode.ok;
  },
};
