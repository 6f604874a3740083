// Ends the Claude Code in a pane so its conversation can resume elsewhere. At a usage limit Claude Code 2.1.330
// arms an automatic continue at the reset (docs/terminal/claude-code-facts.md): left running, it would go on on the
// limited account. Esc cancels that (or closes a dialog), `/exit` ends the process cleanly with its transcript
// saved; a process that does not go in time is stopped, and then killed.
import type { Pane } from './pane';

export interface AgentExitTimings {
  /** Between Esc and `/exit`, for the TUI to take the Esc. */
  afterEscapeMs: number;
  /** For `/exit` to end the process. */
  exitMs: number;
  /** For SIGTERM to end it. */
  terminateMs: number;
}

export const AGENT_EXIT_TIMINGS: AgentExitTimings = { afterEscapeMs: 400, exitMs: 8_000, terminateMs: 2_000 };

/** Resolves once the pane's process is gone; says how it went. */
export async function exitAgent(
  pane: Pane,
  timings: AgentExitTimings = AGENT_EXIT_TIMINGS,
): Promise<'exited' | 'terminated' | 'killed'> {
  if (!pane.isRunning) return 'exited';
  pane.input('\x1b');
  await new Promise((resolve) => setTimeout(resolve, timings.afterEscapeMs));
  // Typed, then Enter on its own: Claude Code takes a write with text and a carriage return as a paste.
  pane.input('/exit');
  await new Promise((resolve) => setTimeout(resolve, 100));
  pane.input('\r');
  if (await pane.waitForExit(timings.exitMs)) return 'exited';
  pane.kill('SIGTERM');
  if (await pane.waitForExit(timings.terminateMs)) return 'terminated';
  pane.kill('SIGKILL');
  await pane.waitForExit(timings.terminateMs);
  return 'killed';
}
