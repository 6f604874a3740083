// What is wrong with $CODEX_HOME/config.toml (else ~/.codex/config.toml) for either Codex adapter.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstallTarget } from '../install/adapter-installer';
import { type CodexClient, governanceOwners, hasGovernanceServer, hasLegacyHooks } from './config';
import { MCP_SERVER_NAME } from '../install/mcp-server-entry';
import { codexHome } from '../host-homes';

export const codexConfigPath = (target: InstallTarget): string =>
  join(codexHome(target.env, target.home), 'config.toml');

/**
 * The shared table counts for `client` when it lists it, or lists nobody (written by hand: found by name);
 * once the other adapter alone is listed, `client` was uninstalled.
 */
export function codexConfigProblems(target: InstallTarget, client: CodexClient): string[] {
  const path = codexConfigPath(target);
  if (!existsSync(path)) return [`${path} does not exist`];
  const text = readFileSync(path, 'utf8');
  const problems: string[] = [];
  const owners = governanceOwners(text);
  if (!hasGovernanceServer(text)) problems.push(`no valid [mcp_servers.${MCP_SERVER_NAME}] in ${path}`);
  else if (owners.length > 0 && !owners.includes(client)) {
    problems.push(`[mcp_servers.${MCP_SERVER_NAME}] in ${path} is installed for ${owners.join(', ')} only`);
  }
  if (hasLegacyHooks(text)) problems.push(`legacy [[hooks]] in ${path}: Codex 0.134.0 and later refuse the file`);
  return problems;
}
