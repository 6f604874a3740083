// Claude Code: its PreToolUse hook payload in, its hook JSON out (design/hosts.md, spec "claude-code").
import type { Capability, EvalResult, ToolCall } from '@ssg/engine';
import { type DetectableAdapter, detector, type HostSignals } from '../adapter/host-detection';
import { classifyTool } from '../adapter/keyword-classifier';
import { parsePreToolUsePayload, permissionDecision } from '../adapter/pre-tool-use';
import { denialReason, questionReason } from '../adapter/verdict-text';

export { permissionDecision } from '../adapter/pre-tool-use';

/**
 * Claude Code's built-in tools (names as its tools reference and hook matchers spell them, current and
 * retired). Tools that only touch the agent's own bookkeeping — todos, plans, questions, schedules, skills —
 * count as `agent`. MCP tools (`mcp__<server>__<tool>`) and anything new go to the keyword classifier.
 */
export const CLAUDE_CODE_TOOLS: Readonly<Record<string, Capability>> = {
  Bash: 'execute',
  PowerShell: 'execute',
  Monitor: 'execute',
  KillShell: 'execute',
  KillBash: 'execute',
  EnterWorktree: 'execute',
  ExitWorktree: 'execute',
  Read: 'read',
  NotebookRead: 'read',
  BashOutput: 'read',
  TaskOutput: 'read',
  ReadMcpResourceTool: 'read',
  Write: 'write',
  Edit: 'write',
  MultiEdit: 'write',
  NotebookEdit: 'write',
  Config: 'write',
  Glob: 'search',
  Grep: 'search',
  LS: 'search',
  LSP: 'search',
  ListMcpResourcesTool: 'search',
  ToolSearch: 'search',
  WebFetch: 'network',
  WebSearch: 'network',
  Agent: 'agent',
  Task: 'agent',
  TaskCreate: 'agent',
  TaskGet: 'agent',
  TaskList: 'agent',
  TaskUpdate: 'agent',
  TaskStop: 'agent',
  SendMessage: 'agent',
  TeamCreate: 'agent',
  TeamDelete: 'agent',
  Workflow: 'agent',
  TodoWrite: 'agent',
  TodoRead: 'agent',
  Skill: 'agent',
  SlashCommand: 'agent',
  EnterPlanMode: 'agent',
  ExitPlanMode: 'agent',
  AskUserQuestion: 'agent',
  CronCreate: 'agent',
  CronDelete: 'agent',
  CronList: 'agent',
};

export function claudeCodeToolCapability(toolName: string): Capability {
  return Object.hasOwn(CLAUDE_CODE_TOOLS, toolName) ? CLAUDE_CODE_TOOLS[toolName]! : classifyTool(toolName);
}

/** A PreToolUse payload (`session_id, cwd, hook_event_name, tool_name, tool_input, …`) → a ToolCall. */
export function parseClaudeCodePayload(raw: string): ToolCall {
  return parsePreToolUsePayload(raw, 'claude-code', claudeCodeToolCapability);
}

/**
 * The hook's answer. Only denials and questions produce output: for allow, log, shadow and no match the
 * hook stays silent, because an explicit `allow` would skip Claude Code's own permission prompts.
 */
export function formatClaudeCodeOutput(result: EvalResult): string {
  switch (result.decision) {
    case 'block':
    case 'force':
      return permissionDecision('deny', denialReason(result));
    case 'ask':
      return permissionDecision('ask', questionReason(result));
    default:
      return '';
  }
}

const signals: HostSignals = { variables: ['CLAUDE_CODE_VERSION', 'CLAUDE_CODE_API_KEY', 'CLAUDE_CODE_ENTRYPOINT'] };

export const claudeCodeAdapter: DetectableAdapter = {
  name: 'claude-code',
  signals,
  detect: detector('claude-code', signals),
  parseInput: parseClaudeCodePayload,
  formatOutput: formatClaudeCodeOutput,
  toolCapability: claudeCodeToolCapability,
};
