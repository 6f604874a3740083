// Codex CLI: its native PreToolUse hook (`ssg hook codex --source=native`), the same payload shape as Claude
// Code's. Its output rules differ (design/hosts.md): a deny needs a non-empty reason, and `ask` or a bare
// `allow` count as a failed hook, which lets the call run.
import type { EvalResult } from '@ssg/engine';
import { capabilityMap, mappedCapability } from '../adapter/capability-map';
import { type DetectableAdapter, detector, type HostSignals } from '../adapter/host-detection';
import { parsePreToolUsePayload, permissionDecision } from '../adapter/pre-tool-use';
import { denialReason, questionReason } from '../adapter/verdict-text';

export const CODEX_TOOLS = capabilityMap({ execute: ['bash', 'shell', 'command'] });

/**
 * Silent unless the call is stopped. Codex cannot put a question to the user from a hook, and an `ask` would
 * let the call run, so ASK degrades to a deny whose reason says a human has to approve the call.
 */
export function formatCodexHookOutput(result: EvalResult): string {
  switch (result.decision) {
    case 'block':
    case 'force':
      return permissionDecision('deny', denialReason(result));
    case 'ask':
      return permissionDecision(
        'deny',
        `${questionReason(result)} — Codex hooks cannot ask, so ssg denied it: a human must approve this call`,
      );
    default:
      return '';
  }
}

const signals: HostSignals = {};
const toolCapability = mappedCapability(CODEX_TOOLS);

export const codexAdapter: DetectableAdapter = {
  name: 'codex',
  signals,
  detect: detector('codex', signals),
  parseInput: (raw) => parsePreToolUsePayload(raw, 'codex', toolCapability),
  formatOutput: formatCodexHookOutput,
  toolCapability,
};
