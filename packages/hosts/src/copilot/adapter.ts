// GitHub Copilot CLI: its preToolUse hook (`ssg hook copilot`). Stdin `{"timestamp","cwd","toolName",
// "toolArgs"}` with `toolArgs` a JSON string (an object is accepted too); stdout
// `{"permissionDecision":"allow|deny|ask","permissionDecisionReason":"…"}`, nothing when the call may run.
import type { Capability, EvalResult, ToolCall } from '@ssg/engine';
import { type DetectableAdapter, detector, type HostSignals } from '../adapter/host-detection';
import {
  describeJsonType,
  InvalidToolCallError,
  isPlainObject,
  parseJsonObject,
  requiredToolName,
} from '../adapter/invalid-tool-call';
import { classifyTool, matchKeywords } from '../adapter/keyword-classifier';
import { denialReason, questionReason } from '../adapter/verdict-text';

/** Copilot has no fixed tool list; its names are classified by these words first (spec order), then the shared lists. */
export const COPILOT_KEYWORDS: ReadonlyArray<readonly [Capability, readonly string[]]> = [
  ['execute', ['terminal', 'command', 'run']],
  ['write', ['edit', 'insert', 'replace']],
  ['read', ['read', 'open', 'get']],
  ['search', ['search', 'find', 'list']],
];

export function copilotToolCapability(toolName: string): Capability {
  return matchKeywords(toolName, COPILOT_KEYWORDS) ?? classifyTool(toolName);
}

export function parseCopilotPayload(raw: string): ToolCall {
  return copilotCall(parseJsonObject(raw));
}

/** The call in an already parsed preToolUse payload (the hook parses it first to tell pre from post). */
export function copilotCall(payload: Record<string, unknown>): ToolCall {
  const tool = requiredToolName(payload.toolName, 'toolName');
  const call: ToolCall = {
    tool,
    input: toolArguments(payload.toolArgs),
    capability: copilotToolCapability(tool),
    client: 'copilot',
  };
  if (typeof payload.cwd === 'string' && payload.cwd !== '') call.cwd = payload.cwd;
  return call;
}

function toolArguments(args: unknown): Record<string, unknown> {
  if (isPlainObject(args)) return args;
  if (typeof args !== 'string') {
    throw new InvalidToolCallError(
      `toolArgs must be a JSON object or a string holding one, got ${describeJsonType(args)}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch (error) {
    throw new InvalidToolCallError(`toolArgs is not valid JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(parsed)) {
    throw new InvalidToolCallError(`toolArgs must hold a JSON object, got ${describeJsonType(parsed)}`);
  }
  return parsed;
}

/** Silent for allow, log and shadow so Copilot's own permission flow stays in charge; FORCE is a deny naming the substitute. */
export function formatCopilotOutput(result: EvalResult): string {
  switch (result.decision) {
    case 'block':
    case 'force':
      return JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: denialReason(result) });
    case 'ask':
      return JSON.stringify({ permissionDecision: 'ask', permissionDecisionReason: questionReason(result) });
    default:
      return '';
  }
}

/** A note for the model on a call that runs: Copilot adds the flat `additionalContext` after the tool's result. */
export const formatCopilotNotice = (warning: string): string => JSON.stringify({ additionalContext: warning });

const signals: HostSignals = { variables: ['GITHUB_COPILOT_TOKEN'], homeFolders: ['.vscode'] };

export const copilotAdapter: DetectableAdapter = {
  name: 'copilot',
  signals,
  detect: detector('copilot', signals),
  parseInput: parseCopilotPayload,
  formatOutput: formatCopilotOutput,
  toolCapability: copilotToolCapability,
};
