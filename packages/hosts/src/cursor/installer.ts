// Cursor: ssg's MCP server in the project's .cursor/mcp.json and an always-applied rule,
// .cursor/rules/ssg-governance.mdc, asking the model to call `ssg_evaluate` before every tool use.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { editFile } from '../config-edit/edit-file';
import { editJsonFile } from '../config-edit/json-config';
import { hasMcpServer, MCP_SERVER_NAME, removeMcpServer, setMcpServer } from '../install/mcp-server-entry';
import { jsonEntryProblem, textEntryProblem } from '../install/artifact-state';
import { governancePrompt } from '../install/governance-prompt';

export const CURSOR_RULE = `---
description: SSG governance — check every tool call with ssg_evaluate before running it
alwaysApply: true
---

${governancePrompt('every tool use (terminal commands, file edits and reads, searches, web requests)')}`;

const mcpPath = (target: InstallTarget): string => join(target.projectDir, '.cursor', 'mcp.json');
const rulePath = (target: InstallTarget): string => join(target.projectDir, '.cursor', 'rules', 'ssg-governance.mdc');
const mcpNote = `mcpServers.${MCP_SERVER_NAME}`;
const ruleNote = 'always-applied rule: call `ssg_evaluate` before every tool use';

export const cursorInstaller: AdapterInstaller = {
  install(target, report) {
    editJsonFile(mcpPath(target), (config) => setMcpServer(config, 'cursor'), report, mcpNote);
    // The rule file is ssg's alone (named after it): install rewrites it, uninstall deletes it.
    editFile(rulePath(target), () => CURSOR_RULE, report, ruleNote);
    report.addManualStep('Reload Cursor and enable the `ssg-governance` server under Settings → MCP.');
  },
  uninstall(target, report) {
    editJsonFile(mcpPath(target), removeMcpServer, report, mcpNote);
    editFile(rulePath(target), () => undefined, report, ruleNote);
  },
  problems(target) {
    const problems = [
      jsonEntryProblem(mcpPath(target), hasMcpServer, mcpNote),
      textEntryProblem(rulePath(target), 'ssg_evaluate', ruleNote),
    ].filter((problem) => problem !== undefined);
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so Cursor cannot start the MCP server');
    return problems;
  },
};
