// The ssg MCP server: the four core governance tools, plus the groups SSG_MCP_TOOLS opts in to.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { MCP_SERVER_NAME } from '@ssg/hosts/mcp/core-tools';
import { cliVersion } from '../commands/version';
import { registerCheckTool } from './check-tool';
import { registerDoctorTool } from './doctor-tool';
import { registerEvaluateTool } from './evaluate-tool';
import { registerOnboardingTool } from './onboarding-tool';
import { registerRulesTool } from './rules-tool';
import { registerStatusTool } from './status-tool';
import type { ToolContext } from './tool-context';
import type { ToolGroup } from './tool-groups';
import { registerValidateRulesTool } from './validate-rules-tool';

export function createSsgServer(context: ToolContext, groups: ReadonlySet<ToolGroup>): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: cliVersion() });
  registerEvaluateTool(server, context);
  registerRulesTool(server, context);
  registerCheckTool(server, context);
  registerStatusTool(server, context);
  if (groups.has('onboarding')) registerOnboardingTool(server, context);
  if (groups.has('doctor')) registerDoctorTool(server, context);
  if (groups.has('authoring')) registerValidateRulesTool(server, context);
  return server;
}

/** Serves on stdin/stdout until the client closes the connection. */
export async function serveStdio(context: ToolContext, groups: ReadonlySet<ToolGroup>): Promise<void> {
  const server = createSsgServer(context, groups);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    // The transport only notices its own close(); a client that goes away ends stdin.
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  await closed;
}
