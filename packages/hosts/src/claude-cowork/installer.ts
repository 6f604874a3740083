// Claude Cowork: no hook of its own, so a governance prompt in the project's CLAUDE_COWORK.md asks the model to
// call `ssg_evaluate` before every tool call, computer-use actions included; ~/.claude/mcp.json registers the
// server that answers it.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { editFile } from '../config-edit/edit-file';
import { editJsonFile } from '../config-edit/json-config';
import { MARKDOWN_BLOCK_START, withMarkdownBlock, withoutMarkdownBlock } from '../config-edit/markdown-block';
import { hasMcpServer, MCP_SERVER_NAME, removeMcpServer, setMcpServer } from '../install/mcp-server-entry';
import { jsonEntryProblem, textEntryProblem } from '../install/artifact-state';
import { governancePrompt } from '../install/governance-prompt';

export const COWORK_PROMPT = governancePrompt(
  'any tool call — shell commands, file reads and writes, web requests and every computer-use action (clicks, ' +
    'typing, key presses, scrolling, screenshots)',
);

const promptPath = (target: InstallTarget): string => join(target.projectDir, 'CLAUDE_COWORK.md');
const mcpPath = (target: InstallTarget): string => join(target.home, '.claude', 'mcp.json');
const promptNote = 'governance prompt block';
const mcpNote = `mcpServers.${MCP_SERVER_NAME}`;

export const claudeCoworkInstaller: AdapterInstaller = {
  install(target, report) {
    editJsonFile(mcpPath(target), (config) => setMcpServer(config, 'claude-cowork'), report, mcpNote);
    editFile(promptPath(target), (current) => withMarkdownBlock(current, COWORK_PROMPT), report, promptNote);
    report.addManualStep('Restart Claude Cowork so it loads the MCP server and the prompt.');
  },
  uninstall(target, report) {
    editJsonFile(mcpPath(target), removeMcpServer, report, mcpNote);
    editFile(promptPath(target), withoutMarkdownBlock, report, promptNote);
  },
  problems(target) {
    const problems = [
      jsonEntryProblem(mcpPath(target), hasMcpServer, mcpNote),
      textEntryProblem(promptPath(target), MARKDOWN_BLOCK_START, promptNote),
    ].filter((problem) => problem !== undefined);
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so Claude Cowork cannot start the MCP server');
    return problems;
  },
};
