// Claude Code: its PreToolUse hook payload in, its hook JSON out (design/hosts.md, spec "claude-code").
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Capability, EvalResult, ToolCall } from '../engine/types';
import { describeJsonType, InvalidToolCallError, isPlainObject, parseJsonObject } from './invalid-tool-call';
import { classifyTool } from './keyword-classifier';
import type { ClientAdapter } from './types';

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

const DETECTION_VARIABLES = ['CLAUDE_CODE_VERSION', 'CLAUDE_CODE_API_KEY', 'CLAUDE_CODE_ENTRYPOINT'];

export function claudeCodeToolCapability(toolName: string): Capability {
  return Object.hasOwn(CLAUDE_CODE_TOOLS, toolName) ? CLAUDE_CODE_TOOLS[toolName]! : classifyTool(toolName);
}

/** A PreToolUse payload (`session_id, cwd, hook_event_name, tool_name, tool_input, …`) → a ToolCall. */
export function parseClaudeCodePayload(raw: string): ToolCall {
  const payload = parseJsonObject(raw);
  const event = payload.hook_event_name;
  if (event !== undefined && event !== 'PreToolUse') {
    throw new InvalidToolCallError(`hook_event_name is ${JSON.stringify(event)}; ssg hook eval handles PreToolUse`);
  }
  const tool = payload.tool_name;
  if (typeof tool !== 'string' || tool === '') {
    throw new InvalidToolCallError(`tool_name must be a non-empty string, got ${describeJsonType(tool)}`);
  }
  const input = payload.tool_input;
  if (!isPlainObject(input)) {
    throw new InvalidToolCallError(`tool_input must be a JSON object, got ${describeJsonType(input)}`);
  }
  const call: ToolCall = { tool, input, capability: claudeCodeToolCapability(tool), client: 'claude-code' };
  if (typeof payload.cwd === 'string' && payload.cwd !== '') call.cwd = payload.cwd;
  if (typeof payload.session_id === 'string' && payload.session_id !== '') call.sessionId = payload.session_id;
  return call;
}

/**
 * The hook's answer. Only denials and questions produce output: for allow, log, shadow and no match the
 * hook stays silent, because an explicit `allow` would skip Claude Code's own permission prompts.
 */
export function formatClaudeCodeOutput(result: EvalResult): string {
  const rule = result.ruleId ?? 'unnamed';
  switch (result.decision) {
    case 'block':
      return permissionDecision('deny', `ssg blocked this (rule ${rule})${suffix(result.message)}`);
    case 'force': {
      const instead = result.substitute ? ` Run this instead: ${result.substitute}` : '';
      return permissionDecision('deny', `ssg blocked this (rule ${rule})${suffix(result.message)}${instead}`);
    }
    case 'ask':
      return permissionDecision('ask', `ssg asks (rule ${rule})${suffix(result.prompt ?? result.message)}`);
    default:
      return '';
  }
}

export function permissionDecision(decision: 'deny' | 'ask', reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
  });
}

const suffix = (text: string | undefined): string => (text ? `: ${text}` : '');

export const claudeCodeAdapter: ClientAdapter = {
  name: 'claude-code',
  detect: () => DETECTION_VARIABLES.some((name) => Boolean(process.env[name])),
  parseInput: parseClaudeCodePayload,
  formatOutput: formatClaudeCodeOutput,
  toolCapability: claudeCodeToolCapability,
  install: () =>
    Promise.reject(
      new Error('installing the Claude Code hook is not available yet: `ssg init` arrives with the adapters work'),
    ),
  uninstall: () =>
    Promise.reject(
      new Error('removing the Claude Code hook is not available yet: `ssg init` arrives with the adapters work'),
    ),
  healthCheck: () => Promise.resolve(userSettingsHaveHook()),
};

/** Whether the user-level settings route PreToolUse to `ssg hook eval` (project-level settings are not checked). */
function userSettingsHaveHook(): boolean {
  const configDir = process.env.CLAUDE_CONFIG_DIR || join(homedir(), '.claude');
  let settings: unknown;
  try {
    settings = JSON.parse(readFileSync(join(configDir, 'settings.json'), 'utf8'));
  } catch {
    return false;
  }
  const groups = isPlainObject(settings) && isPlainObject(settings.hooks) ? settings.hooks.PreToolUse : undefined;
  if (!Array.isArray(groups)) return false;
  return groups.some(
    (group) =>
      isPlainObject(group) &&
      Array.isArray(group.hooks) &&
      group.hooks.some((hook) => isPlainObject(hook) && String(hook.command).includes('ssg hook eval')),
  );
}
