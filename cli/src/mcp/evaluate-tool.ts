// `ssg_evaluate`: the verdict on a tool call before the agent runs it, exactly as `ssg eval` gives it.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { toWireResult } from '@ssg/hosts/generic/adapter';
import { evaluateGenericCall } from '../commands/eval/evaluate-call';
import { resolveToolPath, type ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';

export function registerEvaluateTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'ssg_evaluate',
    {
      description:
        'Check a tool call against the ssg rules before running it. Returns decision (allow, block, ask, log, ' +
        'shadow, force), rule_id, reason, and prompt or substitute. Never run a blocked call.',
      inputSchema: {
        tool: z.string().min(1).describe('Tool name, e.g. Bash'),
        input: z.record(z.string(), z.unknown()).describe('Tool arguments'),
        cwd: z.string().optional(),
      },
    },
    ({ tool, input, cwd }) =>
      guarded('ssg_evaluate', () => {
        const { result, diagnostics } = evaluateGenericCall(
          { tool, input, cwd: resolveToolPath(context, cwd) },
          { home: context.home, defaultCwd: context.cwd, client: context.adapter.name },
        );
        const verdict = toWireResult(result);
        // Broken rule files do not stop the verdict (the other rules still apply), but the agent should know.
        return jsonResult(diagnostics.length > 0 ? { ...verdict, rule_diagnostics: diagnostics.length } : verdict);
      }),
  );
}
