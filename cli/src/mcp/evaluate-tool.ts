// `ssg_evaluate`: the verdict on a tool call before the agent runs it, by the same path every hook takes
// (@ssg/hosts' decideCall): the daemon when one runs — spending caps first, the rules, an ASK held for a person,
// the audit log — else the rules in this process, and blocked when Sleep at Night's fail-closed layer is on and
// no daemon answers. Hosts that govern only through MCP (Cursor, Claude Cowork, Replit, grok-bot, Copilot's
// editor chat) get caps, audit and fail-closed like the hooked ones. A spending warning is part of the answer: the
// model reads tool results.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolCall } from '@ssg/engine';
import { toWireResult } from '@ssg/hosts/generic/adapter';
import { decideCall } from '@ssg/hosts/hook/decide-call';
import { resolveToolPath, type ToolContext } from './tool-context';
import { guarded, jsonResult } from './tool-result';
import { CORE_TOOLS } from '@ssg/hosts/mcp/core-tools';

export function registerEvaluateTool(server: McpServer, context: ToolContext): void {
  server.registerTool('ssg_evaluate', CORE_TOOLS.ssg_evaluate, ({ tool, input, cwd }) =>
    guarded('ssg_evaluate', async () => {
      const call: ToolCall = {
        tool,
        input,
        capability: context.adapter.toolCapability(tool),
        client: context.adapter.name,
        cwd: resolveToolPath(context, cwd),
      };
      const notes: string[] = [];
      // A person answers an ASK in the dashboard or with `ssg approve`: an MCP host cannot ask its user for us.
      const verdict = await decideCall(call, {
        home: context.home,
        env: process.env,
        askSupported: false,
        honoursFailClosed: true,
        stderr: notes,
      });
      const answer: Record<string, unknown> = { ...toWireResult(verdict) };
      if (verdict.warning) answer.warning = verdict.warning;
      // Broken rule files do not stop the verdict (the other rules still apply), but the agent should know.
      const diagnostics = notes.filter((line) => !line.startsWith('ssg hook:')).length;
      if (diagnostics > 0) answer.rule_diagnostics = diagnostics;
      return jsonResult(answer);
    }),
  );
}
