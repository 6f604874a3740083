// `ssg hook copilot`: GitHub Copilot CLI's hook (~/.copilot/hooks/ssg-governance.json wires both preToolUse and
// postToolUse to it). A preToolUse payload is evaluated and answered in Copilot's format; a postToolUse payload
// (the same fields plus `toolResult`, the tool's outcome) comes after the fact and gets no answer. Failures
// always let the call run, fail-closed sentinel or not: the spec has Copilot's hook fail open ("no fail-closed
// flag exists"), and Copilot reads a crash or non-zero exit as a deny, so the hook always exits 0.
import { copilotCall, formatCopilotOutput, formatCopilotNotice } from './adapter';
import { parseJsonObject } from '../adapter/invalid-tool-call';
import type { HookOutput } from '../claude-code/hook';
import { defaultHostHookContext, rejectArguments, runHostHook } from '../hook/host-hook';

export function runHookCopilot(argv: readonly string[], context = defaultHostHookContext()): Promise<HookOutput> {
  return runHostHook(
    {
      name: 'copilot',
      parse: (raw) => {
        rejectArguments(argv, 'ssg hook copilot');
        const payload = parseJsonObject(raw);
        return Object.hasOwn(payload, 'toolResult') ? undefined : copilotCall(payload);
      },
      format: formatCopilotOutput,
      notice: formatCopilotNotice,
      askSupported: true,
      honoursFailClosed: false,
      onFailure: () => ({ stdout: '', outcome: 'the call was not evaluated (fail-open)' }),
    },
    context,
  );
}
