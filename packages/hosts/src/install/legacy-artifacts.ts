// How to tell the files older ssg versions left in a project from the user's own files of the same name.
import { isJsonObject } from '../config-edit/json-config';
import { MCP_SERVER_NAME } from './mcp-server-entry';

/** The shell wrapper `.ssg/bin/bash`: it hands commands to `ssg hook`. */
export const isSsgShellWrapper = (content: string): boolean => content.includes('ssg hook');

function commandsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(commandsIn);
  if (!isJsonObject(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'command' && typeof inner === 'string' ? [inner] : commandsIn(inner),
  );
}

function parsed(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/** A project-root `hooks.json` whose every hook command is an `ssg hook` one. */
export function isSsgHooksFile(content: string): boolean {
  const commands = commandsIn(parsed(content));
  return commands.length > 0 && commands.every((command) => command.startsWith('ssg hook'));
}

/** A `project-mcp.json` registering ssg's MCP server and nothing else. */
export function isSsgProjectMcpFile(content: string): boolean {
  const config = parsed(content);
  if (!isJsonObject(config) || !isJsonObject(config.mcpServers)) return false;
  const names = Object.keys(config.mcpServers);
  return names.length === 1 && names[0] === MCP_SERVER_NAME;
}
