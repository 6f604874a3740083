// The MCP tools every ssg server offers by default — the local `ssg mcp-server` and the fleet's hosted MCP — as the
// model sees them: names, descriptions and input schemas, one definition for both, so an agent meets the same
// tools wherever its server runs. Every schema is sent with every request, so they stay short (spec: the four core
// tools, about 428 tokens).
import { z } from 'zod';

export { MCP_SERVER_NAME } from '../install/mcp-server-entry';

/** ssg_check reports at most this many findings: past it, a model has enough to start fixing. */
export const MAX_REPORTED_FINDINGS = 100;

export const CORE_TOOLS = {
  ssg_evaluate: {
    description:
      'Check a tool call against the ssg rules before running it. Returns decision (allow, block, ask, log, ' +
      'shadow, force), rule_id, reason, and prompt or substitute. Never run a blocked call.',
    inputSchema: {
      tool: z.string().min(1).describe('Tool name, e.g. Bash'),
      input: z.record(z.string(), z.unknown()).describe('Tool arguments'),
      cwd: z.string().optional(),
    },
  },
  ssg_rules: {
    description: 'List the ssg rules in force: id, decision, target, file.',
    inputSchema: { cwd: z.string().optional() },
  },
  ssg_check: {
    description: 'Lint ssg .rules files under a path: parse errors, warnings, bad regexes.',
    inputSchema: { path: z.string().optional() },
  },
  ssg_status: {
    description: 'ssg version, client, rule files, rule and diagnostic counts.',
    inputSchema: { cwd: z.string().optional() },
  },
};

export type CoreToolName = keyof typeof CORE_TOOLS;
