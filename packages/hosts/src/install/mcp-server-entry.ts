// ssg's MCP server as hosts register it: command `ssg`, args `["mcp-server"]`, env `SSG_CLIENT`, under the name
// `ssg-governance` in an `mcpServers` map (Codex desktop's .codex/mcp.json, and the JSON files of other hosts).
import { isJsonObject, type JsonObject } from '../config-edit/json-config';

export const MCP_SERVER_NAME = 'ssg-governance';

export interface McpServerEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export const governanceServer = (client: string): McpServerEntry => ({
  command: 'ssg',
  args: ['mcp-server'],
  env: { SSG_CLIENT: client },
});

/** Sets `mcpServers["ssg-governance"]`, replacing an older entry of that name, leaving other servers alone. */
export function setMcpServer(config: JsonObject, client: string): void {
  if (config.mcpServers !== undefined && !isJsonObject(config.mcpServers)) {
    throw new TypeError('"mcpServers" is not an object');
  }
  const servers = (config.mcpServers ??= {}) as JsonObject;
  servers[MCP_SERVER_NAME] = governanceServer(client);
}

/** Removes our server, and the `mcpServers` map when it held nothing else. */
export function removeMcpServer(config: JsonObject): void {
  const servers = config.mcpServers;
  if (!isJsonObject(servers) || !(MCP_SERVER_NAME in servers)) return;
  delete servers[MCP_SERVER_NAME];
  if (Object.keys(servers).length === 0) delete config.mcpServers;
}

export const hasMcpServer = (config: unknown): boolean =>
  isJsonObject(config) && isJsonObject(config.mcpServers) && isJsonObject(config.mcpServers[MCP_SERVER_NAME]);
