// `ssg_onboarding` (group `onboarding`): what ssg is and the next step to set it up for the detected client.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ruleFiles } from '@ssg/node/rules/sources';
import type { ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';

export function registerOnboardingTool(server: McpServer, context: ToolContext): void {
  server.registerTool('ssg_onboarding', { description: 'Explain ssg and the next setup step for this client.' }, () =>
    guarded('ssg_onboarding', () => {
      const client = context.adapter.name;
      const hasRules = ruleFiles({ cwd: context.cwd, home: context.home }).length > 0;
      return jsonResult({
        about:
          'ssg checks every tool call of a coding agent against declarative .rules files before it runs and ' +
          'answers allow, block, ask, log, shadow or force. Call ssg_evaluate before each tool call and ' +
          'follow its decision.',
        client,
        next_steps: [
          `Run \`ssg init --client=${client}\` in the project to wire ssg into ${client}.`,
          hasRules
            ? 'Rules are in place: ssg_rules lists them, ssg_check lints them.'
            : 'No rules yet: add .rules files under .ssg/rules/ in the project (see docs/rules.md).',
        ],
      });
    }),
  );
}
