// The PreToolUse hook wire format that Claude Code and Codex share: `{session_id, cwd, hook_event_name,
// tool_name, tool_input, …}` on stdin, `{"hookSpecificOutput":{…permissionDecision…}}` on stdout.
import type { Capability, ToolCall } from '@ssg/engine';
import { InvalidToolCallError, parseJsonObject, requiredArguments, requiredToolName } from './invalid-tool-call';

export function parsePreToolUsePayload(
  raw: string,
  client: string,
  toolCapability: (toolName: string) => Capability,
): ToolCall {
  const payload = parseJsonObject(raw);
  const event = payload.hook_event_name;
  if (event !== undefined && event !== 'PreToolUse') {
    throw new InvalidToolCallError(`hook_event_name is ${JSON.stringify(event)}; this hook handles PreToolUse only`);
  }
  const tool = requiredToolName(payload.tool_name, 'tool_name');
  const input = requiredArguments(payload.tool_input, 'tool_input');
  const call: ToolCall = { tool, input, capability: toolCapability(tool), client };
  if (typeof payload.cwd === 'string' && payload.cwd !== '') call.cwd = payload.cwd;
  if (typeof payload.session_id === 'string' && payload.session_id !== '') call.sessionId = payload.session_id;
  return call;
}

export function permissionDecision(decision: 'deny' | 'ask', reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
  });
}

/**
 * A note for a call that proceeds (a spending cap nearing its limit in warn mode): `additionalContext` reaches the
 * model, `systemMessage` the user. No permissionDecision, so the host's own permission prompts still apply.
 */
export function preToolUseNotice(message: string): string {
  return JSON.stringify({
    systemMessage: message,
    hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: message },
  });
}
