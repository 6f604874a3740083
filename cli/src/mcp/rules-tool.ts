// `ssg_rules`: the rules that apply in a project, one compact row each, for an agent that wants to know the
// boundaries before it acts.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { displayPath } from '@ssg/node/rules/format-diagnostic';
import { loadRules } from '@ssg/node/rules/load';
import { resolveToolPath, type ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';
import { CORE_TOOLS } from '@ssg/hosts/mcp/core-tools';

export function registerRulesTool(server: McpServer, context: ToolContext): void {
  server.registerTool('ssg_rules', CORE_TOOLS.ssg_rules, ({ cwd }) =>
    guarded('ssg_rules', () => {
      const dir = resolveToolPath(context, cwd);
      const { ruleset } = loadRules({ cwd: dir, home: context.home });
      return jsonResult({
        rules: ruleset.rules.map((rule) => ({
          id: rule.id,
          decision: rule.decision,
          target: rule.target,
          file: displayPath(rule.pos.file, dir),
          // Only disabled rules say so: the common case costs no tokens.
          ...(rule.enabled ? {} : { enabled: false }),
        })),
      });
    }),
  );
}
