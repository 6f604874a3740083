// The run shared by the hooks of hosts other than Claude Code (`ssg hook codex|copilot|opencode`): read the
// host's payload, get the verdict (hook/decide-call.ts: the daemon, else the rules of the call's cwd), answer in
// the host's format. What a call that cannot be evaluated gets differs per host, so each hook says it (onFailure).
import { readStdin } from '@ssg/node/stdin';
import type { Decision, EvalResult, ToolCall } from '@ssg/engine';
import { ssgHome } from '@ssg/node/home';
import { decideCall } from './decide-call';
import type { HookOutput } from '../claude-code/hook';

export interface HostHook {
  /** The hook's name in `ssg hook <name>`, for stderr lines. */
  name: string;
  /** The call in the payload; undefined when the payload asks for no verdict. Throws on a bad payload. */
  parse(raw: string): ToolCall | undefined | Promise<ToolCall | undefined>;
  /** The verdict in the host's format; empty lets the call run. */
  format(result: EvalResult): string;
  /**
   * For a call that runs with a note (a spending cap nearing its limit in warn mode): the answer that puts the note
   * where the host shows it to the model. Verified per host with the real CLIs (docs/hooks.md).
   */
  notice(warning: string): string;
  /** The answer for a call that could not be evaluated, and the end of the stderr line saying so. */
  onFailure(error: unknown): { stdout: string; outcome: string };
  /** Whether the host can ask its user; if not, the daemon holds an ASK until someone answers. */
  askSupported: boolean;
  /** Whether an unreachable daemon blocks the call while Sleep at Night's fail-closed layer is on. */
  honoursFailClosed: boolean;
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

export async function runHostHook(hook: HostHook, { readInput, home, env }: HostHookContext): Promise<HookOutput> {
  const stderr: string[] = [];
  try {
    const call = await hook.parse(readInput());
    if (call === undefined) return { stdout: '', stderr };
    const { askSupported, honoursFailClosed } = hook;
    const result = await decideCall(call, { home, env, askSupported, honoursFailClosed, stderr });
    const answer = hook.format(result);
    if (!result.warning) return { stdout: answer, stderr };
    // The model reads the note through the host's own channel; the hook's stderr is where the user looks.
    stderr.push(`ssg: ${result.warning}`);
    return { stdout: STOPS.has(result.decision) ? answer : hook.notice(result.warning), stderr };
  } catch (error) {
    const { stdout, outcome } = hook.onFailure(error);
    return { stdout, stderr: [...stderr, `ssg hook ${hook.name}: ${problemOf(error)} — ${outcome}`] };
  }
}

/** Verdicts that keep the call from running as it is; a note goes only with one that runs. */
const STOPS: ReadonlySet<Decision> = new Set(['block', 'force', 'ask']);

export const problemOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** For hooks that take no arguments: any argument is a mistake in the host's hook configuration. */
export function rejectArguments(argv: readonly string[], expected: string): void {
  if (argv.length > 0) throw new Error(`unexpected argument '${argv[0]}' (the hook command is \`${expected}\`)`);
}
