// The PreToolUse hook wire format that Claude Code and Codex share: `{session_id, cwd, hook_event_name,
// tool_name, tool_input, …}` on stdin, `{"hookSpecificOutput":{…permissionDecision…}}` on stdout.
import type { Capability, ToolCall } from '../engine/types';
import { describeJsonType, InvalidToolCallError, isPlainObject, parseJsonObject } from './invalid-tool-call';

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
  const tool = payload.tool_name;
  if (typeof tool !== 'string' || tool === '') {
    throw new InvalidToolCallError(`tool_name must be a non-empty string, got ${describeJsonType(tool)}`);
  }
  const input = payload.tool_input;
  if (!isPlainObject(input)) {
    throw new InvalidToolCallError(`tool_input must be a JSON object, got ${describeJsonType(input)}`);
  }
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
