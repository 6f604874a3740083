// What the daemon refuses to evaluate (@ssg/contracts/eval-limits), checked in the hook before anything else, so
// an over-limit call is blocked with its reason on every path — never sent, refused with a 400 and then judged in
// this process without spending limits or the audit. The check of nesting walks iteratively: a call nested
// 100,000 levels deep must not overflow the hook's stack (which would end in the hook's fail-open).
import { depthExceeds, MAX_CWD_LENGTH, MAX_JSON_DEPTH, MAX_NAME_LENGTH } from '@ssg/contracts/eval-limits';
import type { ToolCall } from '@ssg/engine';

/** The request wraps the input in two objects ({ call: { input } }); the input may nest as deep as they leave. */
const MAX_INPUT_DEPTH = MAX_JSON_DEPTH - 2;

/** Why ssg will not evaluate this call, or undefined when it will. */
export function overLimit(call: ToolCall): string | undefined {
  if (call.tool.length > MAX_NAME_LENGTH) return `its tool name is longer than ${MAX_NAME_LENGTH} characters`;
  if (call.sessionId !== undefined && call.sessionId.length > MAX_NAME_LENGTH) {
    return `its session id is longer than ${MAX_NAME_LENGTH} characters`;
  }
  if (call.cwd !== undefined && call.cwd.length > MAX_CWD_LENGTH) {
    return `its working folder is longer than ${MAX_CWD_LENGTH} characters`;
  }
  if (depthExceeds(call.input, MAX_INPUT_DEPTH)) return `its input is nested deeper than ${MAX_INPUT_DEPTH} levels`;
  return undefined;
}
