// OpenCode: its in-process plugin (`.opencode/plugins/ssg-governance.js`) runs `ssg hook opencode` from the
// `tool.execute.before` hook. The plugin and this adapter share an envelope of ssg's own making:
//
//   stdin   {"tool": string, "args": object, "sessionID"?: string, "callID"?: string, "cwd"?: string}
//           (`tool`, `sessionID`, `callID` from the hook's input, `args` from its output, `cwd` the plugin's
//           project directory)
//   stdout  {"decision": "allow" | "block" | "ask" | "force", "reason": string, "substitute"?: string}
//
// The plugin throws `reason` to stop the call on block and force; what it does on ask is its choice (OpenCode
// has its own `ask` permission). log and shadow are reported as allow: the plugin has nothing to do for them.
import type { Capability, EvalResult, ToolCall } from '@ssg/engine';
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { type DetectableAdapter, detector, type HostSignals } from '../adapter/host-detection';
import { optionalString, parseJsonObject, requiredArguments, requiredToolName } from '../adapter/invalid-tool-call';
import { denialReason, questionReason } from '../adapter/verdict-text';

export const OPENCODE_TOOLS = capabilityMap({
  execute: ['bash', 'shell', 'run'],
  write: ['edit', 'write', 'apply_patch', 'create'],
  read: ['read'],
  search: ['grep', 'glob', 'list'],
  network: ['webfetch', 'websearch', 'fetch'],
  agent: ['task'],
});

export const opencodeToolCapability: (toolName: string) => Capability = mappedCapability(OPENCODE_TOOLS);

export function parseOpencodeEnvelope(raw: string): ToolCall {
  const envelope = parseJsonObject(raw);
  const tool = requiredToolName(envelope.tool, '"tool"');
  const args = requiredArguments(envelope.args, '"args"');
  const call: ToolCall = { tool, input: args, capability: opencodeToolCapability(tool), client: 'opencode' };
  const sessionId = optionalString(envelope, 'sessionID');
  const cwd = optionalString(envelope, 'cwd');
  // A ToolCall has no place for the call id; it is checked so a plugin sending garbage is noticed.
  optionalString(envelope, 'callID');
  if (sessionId) call.sessionId = sessionId;
  if (cwd) call.cwd = cwd;
  return call;
}

export function formatOpencodeOutput(result: EvalResult): string {
  switch (result.decision) {
    case 'block':
      return JSON.stringify({ decision: 'block', reason: denialReason(result) });
    case 'force': {
      const verdict: Record<string, string> = { decision: 'force', reason: denialReason(result) };
      if (result.substitute) verdict.substitute = result.substitute;
      return JSON.stringify(verdict);
    }
    case 'ask':
      return JSON.stringify({ decision: 'ask', reason: questionReason(result) });
    default:
      return JSON.stringify({ decision: 'allow', reason: result.message ?? '' });
  }
}

/** An allowed call with a note: the plugin appends `note` to the tool's output, which the model reads. */
export const formatOpencodeNotice = (warning: string): string =>
  JSON.stringify({ decision: 'allow', reason: '', note: warning });

const signals: HostSignals = { homeFolders: ['.config/opencode', '.local/share/opencode'] };

export const opencodeAdapter: DetectableAdapter = {
  name: 'opencode',
  signals,
  detect: detector('opencode', signals),
  parseInput: parseOpencodeEnvelope,
  formatOutput: formatOpencodeOutput,
  toolCapability: opencodeToolCapability,
};
