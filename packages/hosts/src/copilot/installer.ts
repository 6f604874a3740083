// GitHub Copilot: ssg's MCP server in the project's .vscode/mcp.json (VS Code's `servers` map, for the editor
// chat), a governance block in .github/copilot-instructions.md, and the Copilot CLI hook file
// $COPILOT_HOME/hooks/ssg-governance.json (else ~/.copilot/…) wiring preToolUse and postToolUse to
// `<ssg> hook copilot`, ssg named by a path that exists (install/ssg-program.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { editFile } from '../config-edit/edit-file';
import { editJsonFile, isJsonObject, type JsonObject } from '../config-edit/json-config';
import { MARKDOWN_BLOCK_START, withMarkdownBlock, withoutMarkdownBlock } from '../config-edit/markdown-block';
import { governanceServer, MCP_SERVER_NAME } from '../install/mcp-server-entry';
import { jsonEntryProblem, textEntryProblem } from '../install/artifact-state';
import { copilotHome } from '../host-homes';
import { hookProgramProblem, requireSsgProgram } from '../install/hook-program';
import { runsSsg } from '../install/ssg-program';
import { GOVERNANCE_HEADING, governancePrompt } from '../install/governance-prompt';

export const COPILOT_HOOK_ARGS = 'hook copilot';

/** The hooks file, ssg's alone, for hooks that start `program`. */
export function copilotHooksFile(program: string): string {
  const hookEntry = { type: 'command', bash: `${program} ${COPILOT_HOOK_ARGS}`, timeoutSec: 30 };
  return `${JSON.stringify({ version: 1, hooks: { preToolUse: [hookEntry], postToolUse: [hookEntry] } }, null, 2)}\n`;
}

export const COPILOT_INSTRUCTIONS = governancePrompt('every tool call (terminal commands, edits, reads, searches)');

const mcpPath = (target: InstallTarget): string => join(target.projectDir, '.vscode', 'mcp.json');
const instructionsPath = (target: InstallTarget): string =>
  join(target.projectDir, '.github', 'copilot-instructions.md');
const hooksPath = (target: InstallTarget): string =>
  join(copilotHome(target.env, target.home), 'hooks', 'ssg-governance.json');
const mcpNote = `servers.${MCP_SERVER_NAME}`;
const instructionsNote = 'governance block';
const hooksNote = `preToolUse and postToolUse hooks \`ssg ${COPILOT_HOOK_ARGS}\``;

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
    const program = requireSsgProgram(target, hooksPath(target));
    editFile(hooksPath(target), () => copilotHooksFile(program), report, hooksNote);
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
      hooksFileProblem(hooksPath(target)),
    ].filter((problem) => problem !== undefined);
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so VS Code cannot start the MCP server');
    return problems;
  },
};

/** Whether the hooks file starts ssg's copilot hook, by a program that is still there. */
function hooksFileProblem(path: string): string | undefined {
  let commands: unknown[];
  try {
    const file = JSON.parse(readFileSync(path, 'utf8')) as { hooks?: { preToolUse?: Array<{ bash?: unknown }> } };
    commands = (file.hooks?.preToolUse ?? []).map((entry) => entry.bash);
  } catch {
    return `no ${hooksNote} in ${path}`;
  }
  const command = commands.find((candidate) => runsSsg(candidate, COPILOT_HOOK_ARGS));
  return typeof command === 'string' ? hookProgramProblem(command) : `no ${hooksNote} in ${path}`;
}
