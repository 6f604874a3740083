// Pi: the shell-level hooks shared with aider, and ssg's MCP server in ~/.pi/mcp.json. When aider is installed,
// a second server `ssg-coder` lets pi hand coding work to aider's tool map: the same `ssg mcp-server`, with
// SSG_CLIENT=aider so those calls are judged and logged as aider's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { ConfigFileError } from '../config-edit/config-file-error';
import { installSharedHooks, keepSharedHooks, sharedHookProblems } from '../install/hook-templates';
import { editJsonFile, isJsonObject, type JsonObject, parseJsonObject } from '../config-edit/json-config';
import {
  governanceServer,
  hasMcpServer,
  MCP_SERVER_NAME,
  removeMcpServer,
  setMcpServer,
} from '../install/mcp-server-entry';

export const CODER_SERVER_NAME = 'ssg-coder';

const mcpConfig = (target: InstallTarget): string => join(target.home, '.pi', 'mcp.json');

/** Adds ssg-coder when aider is on PATH, and takes it away when it no longer is. */
function setCoderServer(config: JsonObject, withAider: boolean): void {
  const servers = config.mcpServers as JsonObject;
  if (withAider) servers[CODER_SERVER_NAME] = governanceServer('aider');
  else delete servers[CODER_SERVER_NAME];
}

function removeServers(config: JsonObject): void {
  if (isJsonObject(config.mcpServers)) delete config.mcpServers[CODER_SERVER_NAME];
  removeMcpServer(config);
  if (isJsonObject(config.mcpServers) && Object.keys(config.mcpServers).length === 0) delete config.mcpServers;
}

export const piInstaller: AdapterInstaller = {
  install(target, report) {
    const environment = installSharedHooks('pi', report);
    const withAider = commandOnPath('aider');
    editJsonFile(
      mcpConfig(target),
      (config) => {
        setMcpServer(config, 'pi');
        setCoderServer(config, withAider);
      },
      report,
      withAider ? `MCP servers ${MCP_SERVER_NAME} and ${CODER_SERVER_NAME}` : `MCP server ${MCP_SERVER_NAME}`,
    );
    report.addManualStep(`Start pi with this environment: ${environment.join(' ')}`);
  },
  uninstall(target, report) {
    keepSharedHooks(report);
    editJsonFile(mcpConfig(target), removeServers, report, `MCP servers ${MCP_SERVER_NAME}, ${CODER_SERVER_NAME}`);
  },
  problems(target) {
    const path = mcpConfig(target);
    const problems = sharedHookProblems();
    if (!existsSync(path)) return [`${path} does not exist`, ...problems];
    try {
      if (!hasMcpServer(parseJsonObject(path, readFileSync(path, 'utf8')))) {
        problems.unshift(`${path} has no MCP server ${MCP_SERVER_NAME}`);
      }
    } catch (error) {
      problems.unshift(error instanceof ConfigFileError ? error.message : `${path}: ${(error as Error).message}`);
    }
    return problems;
  },
};
