// The hosted MCP's tools: the local server's four core tools (cli/src/mcp: ssg_evaluate, ssg_rules, ssg_check,
// ssg_status) with the same names, descriptions and input schemas, so an agent sees the same tools either way,
// answering from the caller's HostedRules instead of rule folders. What differs, because the server is not on the
// caller's machine: no daemon (no spending caps, audit log or held ASK: an ASK is answered as `ask`), no
// self-protection of local files, tools classified as the generic adapter classifies them, and `path`/`cwd` do not
// choose rules (the organization does); ssg_evaluate passes `cwd` on to the rules, which may read it.
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { depthExceeds, MAX_CWD_LENGTH, MAX_JSON_DEPTH, MAX_NAME_LENGTH } from '@ssg/contracts/eval-limits';
import { evaluate, lintRuleFiles, type ToolCall } from '@ssg/engine/node';
import { genericAdapter, toWireResult } from '@ssg/hosts/generic/adapter';
import { OVER_LIMIT_RULE_ID } from '@ssg/hosts/hook/decide-call';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import type { HostedRules } from './hosted-rules';
import { CORE_TOOLS, MAX_REPORTED_FINDINGS, MCP_SERVER_NAME } from '@ssg/hosts/mcp/core-tools';

const fleetVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const jsonResult = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** A tool call must never take the request down: a failure is a tool error the model can read. */
function guarded(tool: string, body: () => CallToolResult): CallToolResult {
  try {
    return body();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      content: [{ type: 'text', text: `internal error in ${tool}: ${detail} — this is a bug in ssg` }],
      isError: true,
    };
  }
}

/** What the daemon (and the local hook) refuse to evaluate: the same limits, @ssg/contracts/eval-limits. */
function overLimit(call: ToolCall): string | undefined {
  if (call.tool.length > MAX_NAME_LENGTH) return `its tool name is longer than ${MAX_NAME_LENGTH} characters`;
  if (call.cwd !== undefined && call.cwd.length > MAX_CWD_LENGTH) {
    return `its working folder is longer than ${MAX_CWD_LENGTH} characters`;
  }
  // The daemon's request wraps the input in two objects; the same depth is left for it here.
  if (depthExceeds(call.input, MAX_JSON_DEPTH - 2))
    return `its input is nested deeper than ${MAX_JSON_DEPTH - 2} levels`;
  return undefined;
}

/** One server per request (stateless): it holds the caller's rules and nothing else. */
export function createHostedMcpServer(rules: HostedRules): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: fleetVersion() });
  const ruleFiles = rules.parsed.map((file) => file.file);

  server.registerTool('ssg_evaluate', CORE_TOOLS.ssg_evaluate, ({ tool, input, cwd }) =>
    guarded('ssg_evaluate', () => {
      const call: ToolCall = {
        tool,
        input,
        capability: genericAdapter.toolCapability(tool),
        client: genericAdapter.name,
        ...(cwd !== undefined && { cwd }),
      };
      const limit = overLimit(call);
      if (limit) {
        return jsonResult({
          decision: 'block',
          rule_id: OVER_LIMIT_RULE_ID,
          reason: `ssg blocked this call: ${limit}, more than ssg evaluates. Split the work into smaller calls.`,
          duration_ms: 0,
        });
      }
      const answer: Record<string, unknown> = toWireResult(evaluate(rules.ruleset, call, { explain: false }));
      // Broken rules do not stop the verdict (the other rules still apply), but the agent should know.
      if (rules.diagnostics.length > 0) answer.rule_diagnostics = rules.diagnostics.length;
      return jsonResult(answer);
    }),
  );

  server.registerTool('ssg_rules', CORE_TOOLS.ssg_rules, () =>
    guarded('ssg_rules', () =>
      jsonResult({
        rules: rules.ruleset.rules.map((rule) => ({
          id: rule.id,
          decision: rule.decision,
          target: rule.target,
          file: rule.pos.file,
          ...(rule.enabled ? {} : { enabled: false }),
        })),
      }),
    ),
  );

  server.registerTool('ssg_check', CORE_TOOLS.ssg_check, () =>
    guarded('ssg_check', () => {
      const diagnostics = lintRuleFiles(rules.parsed);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      return jsonResult({
        rule_files: ruleFiles.length,
        errors,
        warnings: diagnostics.length - errors,
        findings: diagnostics.slice(0, MAX_REPORTED_FINDINGS).map((d) => formatDiagnostic(d)),
        ...(diagnostics.length > MAX_REPORTED_FINDINGS ? { omitted: diagnostics.length - MAX_REPORTED_FINDINGS } : {}),
      });
    }),
  );

  server.registerTool('ssg_status', CORE_TOOLS.ssg_status, () =>
    guarded('ssg_status', () =>
      jsonResult({
        version: fleetVersion(),
        client: genericAdapter.name,
        // Hosted only: whose rules these are (null: ssg's default rules alone).
        organization: rules.orgId,
        rule_files: ruleFiles,
        rules: rules.ruleset.rules.length,
        enabled: rules.ruleset.rules.filter((rule) => rule.enabled).length,
        diagnostics: rules.diagnostics.length,
      }),
    ),
  );
  return server;
}
