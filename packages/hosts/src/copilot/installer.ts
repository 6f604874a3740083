// GitHub Copilot: ssg's MCP server in the project's .vscode/mcp.json (VS Code's `servers` map, for the editor
// chat), a governance block in .github/copilot-instructions.md, and the Copilot CLI hook file
// ~/.copilot/hooks/ssg-governance.json wiring preToolUse and postToolUse to `ssg hook copilot`.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { editFile } from '../config-edit/edit-file';
import { editJsonFile, isJsonObject, type JsonObject } from '../config-edit/json-config';
import { MARKDOWN_BLOCK_START, withMarkdownBlock, withoutMarkdownBlock } from '../config-edit/markdown-block';
import { governanceServer, MCP_SERVER_NAME } from '../install/mcp-server-entry';
import { jsonEntryProblem, textEntryProblem } from '../install/artifact-state';
import { GOVERNANCE_HEADING, governancePrompt } from '../install/governance-prompt';

export const COPILOT_HOOK_COMMAND = 'ssg hook copilot';

const hookEntry = { type: 'command', bash: COPILOT_HOOK_COMMAND, timeoutSec: 30 };
export const COPILOT_HOOKS_FILE = `${JSON.stringify(
  { version: 1, hooks: { preToolUse: [hookEntry], postToolUse: [hookEntry] } },
  null,
  2,
)}\n`;

export const COPILOT_INSTRUCTIONS = governancePrompt('every tool call (terminal commands, edits, reads, searches)');

const mcpPath = (target: InstallTarget): string => join(target.projectDir, '.vscode', 'mcp.json');
const instructionsPath = (target: InstallTarget): string =>
  join(target.projectDir, '.github', 'copilot-instructions.md');
const hooksPath = (target: InstallTarget): string => join(target.home, '.copilot', 'hooks', 'ssg-governance.json');
const mcpNote = `servers.${MCP_SERVER_NAME}`;
const instructionsNote = 'governance block';
const hooksNote = `preToolUse and postToolUse hooks \`${COPILOT_HOOK_COMMAND}\``;

function setServer(config: JsonObject): void {
  if (config.servers !== undefined && !isJsonObject(config.servers)) throw new TypeError('"servers" is not an object');
  const servers = (config.servers ??= {}) as JsonObject;
  servers[MCP_SERVER_NAME] = { type: 'stdio', ...governanceServer('copilot') };
}

function removeServer(config: JsonObject): void {
  const servers = config.servers;
  if (!isJsonObject(servers) || !(MCP_SERVER_NAME in servers)) return;
  delete servers[MCP_SERVER_NAME];
  if (Object.keys(servers).length === 0) delete config.servers;
}

const hasServer = (config: JsonObject): boolean =>
  isJsonObject(config.servers) && isJsonObject(config.servers[MCP_SERVER_NAME]);

/**
 * Our block is kept current; but a file that already speaks of SSG Governance without our markers was written
 * by the user (or by hand from our docs), and a second set of instructions would only contradict it.
 */
function withInstructions(current: string | undefined): string | undefined {
  if (current?.includes(GOVERNANCE_HEADING) && !current.includes(MARKDOWN_BLOCK_START)) return current;
  return withMarkdownBlock(current, COPILOT_INSTRUCTIONS);
}

export const copilotInstaller: AdapterInstaller = {
  install(target, report) {
    editJsonFile(mcpPath(target), setServer, report, mcpNote);
    editFile(instructionsPath(target), withInstructions, report, instructionsNote);
    // The hooks file is ssg's alone (named after it): install rewrites it, uninstall deletes it.
    editFile(hooksPath(target), () => COPILOT_HOOKS_FILE, report, hooksNote);
    report.addManualStep('Restart VS Code and the Copilot CLI so they load the MCP server and the hooks.');
  },
  uninstall(target, report) {
    editJsonFile(mcpPath(target), removeServer, report, mcpNote);
    editFile(instructionsPath(target), withoutMarkdownBlock, report, instructionsNote);
    editFile(hooksPath(target), () => undefined, report, hooksNote);
  },
  problems(target) {
    const problems = [
      jsonEntryProblem(mcpPath(target), hasServer, mcpNote),
      textEntryProblem(instructionsPath(target), GOVERNANCE_HEADING, instructionsNote),
      textEntryProblem(hooksPath(target), COPILOT_HOOK_COMMAND, hooksNote),
    ].filter((problem) => problem !== undefined);
    if (!commandOnPath('ssg'))
      problems.push('`ssg` is not on PATH, so Copilot cannot start the MCP server or the hook');
    return problems;
  },
};
