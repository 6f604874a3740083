// One tool call from the generic wire format to a verdict: the client's adapter classifies the tool, the rules
// of the call's working directory decide. Shared by `ssg eval` and the MCP tool `ssg_evaluate`, so both give
// the same answer for the same call.
import type { GenericPayload } from '@ssg/hosts/generic/adapter';
import { selectAdapter } from '@ssg/hosts/registry';
import { type Diagnostic, type EvalResult, evaluate, type ToolCall } from '@ssg/engine/node';
import { loadRules } from '@ssg/node/rules/load';

export interface EvaluateCallOptions {
  /** The ssg home (see home.ts). */
  home: string;
  /** Working directory when the payload has none. */
  defaultCwd: string;
  /** Adapter name; beats the payload's `client`. */
  client?: string;
  /** `--rules` paths; replace the default rules. */
  explicitRules?: readonly string[];
  explain?: boolean;
}

export interface CallVerdict {
  result: EvalResult;
  /** Parse and compile diagnostics of the rules that were loaded. */
  diagnostics: Diagnostic[];
}

export function evaluateGenericCall(payload: GenericPayload, options: EvaluateCallOptions): CallVerdict {
  const adapter = selectAdapter(options.client ?? payload.client);
  const cwd = payload.cwd ?? options.defaultCwd;
  const call: ToolCall = {
    tool: payload.tool,
    input: payload.input,
    capability: adapter.toolCapability(payload.tool),
    client: adapter.name,
    cwd,
  };
  if (payload.sessionId !== undefined) call.sessionId = payload.sessionId;
  const loaded = loadRules({ cwd, home: options.home, explicit: options.explicitRules ?? [] });
  return {
    result: evaluate(loaded.ruleset, call, { explain: options.explain ?? false }),
    diagnostics: loaded.diagnostics,
  };
}
