// `ssg_status`: what this server is and which rules it applies, for an agent (or a human) checking the setup.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { cliVersion } from '../commands/version';
import { displayPath } from '@ssg/node/rules/format-diagnostic';
import { loadRules } from '@ssg/node/rules/load';
import { resolveToolPath, type ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';
import { CORE_TOOLS } from '@ssg/hosts/mcp/core-tools';

export function registerStatusTool(server: McpServer, context: ToolContext): void {
  server.registerTool('ssg_status', CORE_TOOLS.ssg_status, ({ cwd }) =>
    guarded('ssg_status', () => {
      const dir = resolveToolPath(context, cwd);
      const loaded = loadRules({ cwd: dir, home: context.home });
      const enabled = loaded.ruleset.rules.filter((rule) => rule.enabled).length;
      return jsonResult({
        version: cliVersion(),
        client: context.adapter.name,
        rule_files: loaded.files.map((file) => displayPath(file, dir)),
        rules: loaded.ruleset.rules.length,
        enabled,
        diagnostics: loaded.diagnostics.length,
      });
    }),
  );
}
