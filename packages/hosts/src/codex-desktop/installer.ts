// Codex desktop: ssg's MCP server in ~/.codex/config.toml (the table shared with the CLI adapter) and in the
// project's .codex/mcp.json. It has no hooks: never a `[[hooks]]` entry, and legacy ones are stripped.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { editCodexConfig } from '../codex/config';
import { commandOnPath } from '../install/command-on-path';
import { editJsonFile } from '../config-edit/json-config';
import { MCP_SERVER_NAME, removeMcpServer, setMcpServer } from '../install/mcp-server-entry';
import { codexConfigProblems, codexConfigPath } from '../codex/config-problems';

const projectMcpPath = (target: InstallTarget): string => join(target.projectDir, '.codex', 'mcp.json');
const note = `mcpServers.${MCP_SERVER_NAME}`;

export const codexDesktopInstaller: AdapterInstaller = {
  install(target, report) {
    editCodexConfig(codexConfigPath(target), 'codex-desktop', 'install', report);
    editJsonFile(projectMcpPath(target), (config) => setMcpServer(config, 'codex-desktop'), report, note);
    report.addManualStep('Restart the Codex app so it loads the MCP server.');
  },
  uninstall(target, report) {
    editCodexConfig(codexConfigPath(target), 'codex-desktop', 'uninstall', report);
    editJsonFile(projectMcpPath(target), removeMcpServer, report, note);
    report.addManualStep('Restart the Codex app.');
  },
  problems(target) {
    const problems = codexConfigProblems(target, 'codex-desktop');
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so the Codex app cannot start it');
    return problems;
  },
};
