// `ssg_validate_rules` (group `authoring`): parse and lint a rule text an agent is drafting, and try it on
// sample calls, so the draft can be fixed before it is saved. It never writes a file.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { toWireResult } from '@ssg/hosts/generic/adapter';
import { lintRuleFiles } from '@ssg/engine/node';
import { compileRules, evaluate, parseRules } from '@ssg/engine/node';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import type { ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';

/** Where diagnostics of the draft point: it has no file. */
const DRAFT_NAME = 'draft.rules';
export const MAX_DRAFT_CHARS = 256 * 1024;
export const MAX_SAMPLES = 50;

export function registerValidateRulesTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'ssg_validate_rules',
    {
      description: 'Validate draft .rules text: parse, lint, and evaluate sample calls against it. Writes nothing.',
      inputSchema: {
        text: z.string().max(MAX_DRAFT_CHARS).describe('Rule text'),
        samples: z
          .array(z.object({ tool: z.string().min(1).max(200), input: z.record(z.string(), z.unknown()) }))
          .max(MAX_SAMPLES)
          .optional()
          .describe('Calls to try'),
      },
    },
    ({ text, samples }) =>
      guarded('ssg_validate_rules', () => {
        const parsed = parseRules(text, DRAFT_NAME);
        const diagnostics = lintRuleFiles([parsed]);
        const ruleset = compileRules([parsed]);
        const results = (samples ?? []).map(({ tool, input }) => {
          const call = {
            tool,
            input,
            capability: context.adapter.toolCapability(tool),
            client: context.adapter.name,
            cwd: context.cwd,
          };
          return { tool, ...toWireResult(evaluate(ruleset, call, { explain: false })) };
        });
        return jsonResult({
          ok: !diagnostics.some((d) => d.severity === 'error'),
          rules: parsed.rules.map((rule) => rule.id),
          diagnostics: diagnostics.map((d) => formatDiagnostic(d)),
          ...(results.length > 0 ? { samples: results } : {}),
        });
      }),
  );
}
