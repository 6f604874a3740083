// The fallback adapter and the wire format of `ssg eval`: `{"tool": string, "input": object}` in, one JSON
// line `{"decision","rule_id","reason","duration_ms"}` out.
import type { Capability, EvalResult, ToolCall } from '@ssg/engine';
import { optionalString, parseJsonObject, requiredArguments, requiredToolName } from '../adapter/invalid-tool-call';
import { classifyTool } from '../adapter/keyword-classifier';
import type { WireAdapter } from '../adapter/types';

/** What the generic wire format carries besides tool and input. */
export interface GenericPayload {
  tool: string;
  input: Record<string, unknown>;
  client?: string;
  cwd?: string;
  sessionId?: string;
}

export function parseGenericPayload(raw: string): GenericPayload {
  const payload = parseJsonObject(raw);
  const tool = requiredToolName(payload.tool, '"tool"');
  const input = requiredArguments(payload.input, '"input"');
  const parsed: GenericPayload = { tool, input };
  const client = optionalString(payload, 'client');
  const cwd = optionalString(payload, 'cwd');
  const sessionId = optionalString(payload, 'session_id');
  if (client !== undefined) parsed.client = client;
  if (cwd !== undefined) parsed.cwd = cwd;
  if (sessionId !== undefined) parsed.sessionId = sessionId;
  return parsed;
}

/** The verdict as `ssg eval` prints it; `explain` adds the conditions that matched. */
export function toWireResult(result: EvalResult, explain = false): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    decision: result.decision,
    rule_id: result.ruleId ?? null,
    reason: result.message ?? null,
    duration_ms: Math.round(result.durationMs * 1000) / 1000,
  };
  if (result.prompt !== undefined) wire.prompt = result.prompt;
  if (result.substitute !== undefined) wire.substitute = result.substitute;
  if (explain) wire.matched = result.matched;
  return wire;
}

/**
 * parseInput and formatOutput for hosts that speak the generic format (through MCP or a shell wrapper):
 * the ToolCall carries the host's name and its tool map's capability.
 */
export function genericWireFormat(
  client: string,
  toolCapability: (toolName: string) => Capability,
): Pick<WireAdapter, 'parseInput' | 'formatOutput'> {
  return {
    parseInput(raw: string): ToolCall {
      const { tool, input, cwd, sessionId } = parseGenericPayload(raw);
      const call: ToolCall = { tool, input, capability: toolCapability(tool), client };
      if (cwd !== undefined) call.cwd = cwd;
      if (sessionId !== undefined) call.sessionId = sessionId;
      return call;
    },
    formatOutput: (result: EvalResult) => JSON.stringify(toWireResult(result)),
  };
}

export const genericAdapter: WireAdapter = {
  name: 'generic',
  detect: () => true,
  ...genericWireFormat('generic', classifyTool),
  toolCapability: classifyTool,
};
