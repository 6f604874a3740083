// The run shared by the hooks of hosts other than Claude Code (`ssg hook codex|copilot|opencode`): read the
// host's payload, evaluate the call against the rules of its cwd, answer in the host's format. What a call
// that cannot be evaluated gets differs per host, so each hook says it (onFailure).
import { readStdin } from '../../cli/stdin';
import { evaluate } from '../../engine';
import type { EvalResult, ToolCall } from '../../engine/types';
import { ssgHome } from '../../home';
import { hookRulesFor } from '../../hook/rules-for-cwd';
import type { HookOutput } from './hook-eval';

export interface HostHook {
  /** The hook's name in `ssg hook <name>`, for stderr lines. */
  name: string;
  /** The call in the payload; undefined when the payload asks for no verdict. Throws on a bad payload. */
  parse(raw: string): ToolCall | undefined;
  /** The verdict in the host's format; empty lets the call run. */
  format(result: EvalResult): string;
  /** The answer for a call that could not be evaluated, and the end of the stderr line saying so. */
  onFailure(error: unknown): { stdout: string; outcome: string };
}

export interface HostHookContext {
  readInput: () => string;
  home: string;
  env: NodeJS.ProcessEnv;
  /** Seconds since the epoch. */
  now: number;
}

export const defaultHostHookContext = (): HostHookContext => ({
  readInput: readStdin,
  home: ssgHome(),
  env: process.env,
  now: Date.now() / 1000,
});

export function runHostHook(hook: HostHook, { readInput, home }: HostHookContext): HookOutput {
  const stderr: string[] = [];
  try {
    const call = hook.parse(readInput());
    if (call === undefined) return { stdout: '', stderr };
    const result = evaluate(hookRulesFor(home, stderr)(call), call, { explain: false });
    return { stdout: hook.format(result), stderr };
  } catch (error) {
    const { stdout, outcome } = hook.onFailure(error);
    return { stdout, stderr: [...stderr, `ssg hook ${hook.name}: ${problemOf(error)} — ${outcome}`] };
  }
}

export const problemOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** For hooks that take no arguments: any argument is a mistake in the host's hook configuration. */
export function rejectArguments(argv: readonly string[], expected: string): void {
  if (argv.length > 0) throw new Error(`unexpected argument '${argv[0]}' (the hook command is \`${expected}\`)`);
}
