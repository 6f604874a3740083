// `ssg hook shell`: the verdict on one shell command for ssg's shell-level hooks (the bash wrapper, the Node
// child_process hook, Python's sitecustomize), which run where an agent has no hook API of its own. The answer
// is the exit code: 0 = run it (silent), 1 = do not run it (the reason on stderr). Failures exit 0 with one line
// on stderr (fail-open) unless the fail-closed sentinel exists, then 1 — like `ssg hook eval`.
import { describeJsonType, InvalidToolCallError, optionalString, parseJsonObject } from '../adapter/invalid-tool-call';
import { denialReason } from '../adapter/verdict-text';
import { readStdin } from '@ssg/node/stdin';
import type { EvalResult, ToolCall } from '@ssg/engine';
import { ssgHome } from '@ssg/node/home';
import { decideCall } from './decide-call';
import { failClosedReason, isFailClosed } from '@ssg/node/fail-closed';

export interface ShellVerdict {
  /** 0: run the command; 1: do not. */
  exitCode: 0 | 1;
  stderr: string[];
}

export interface HookShellContext {
  readInput: () => string;
  env: NodeJS.ProcessEnv;
  home: string;
}

const defaultContext = (): HookShellContext => ({ readInput: readStdin, env: process.env, home: ssgHome() });

export async function runHookShell(
  argv: readonly string[],
  context: HookShellContext = defaultContext(),
): Promise<ShellVerdict> {
  const stderr: string[] = [];
  try {
    const call = shellCall(argv, context);
    const { home, env } = context;
    const result = await decideCall(call, { home, env, askSupported: false, honoursFailClosed: true, stderr });
    // The command's stderr reaches the agent, so a spending warning is seen where it matters.
    if (result.warning) stderr.push(`ssg: ${result.warning}`);
    const refusal = refusalOf(result);
    return refusal === undefined ? { exitCode: 0, stderr } : { exitCode: 1, stderr: [...stderr, refusal] };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    if (isFailClosed(context.home)) {
      return { exitCode: 1, stderr: [...stderr, failClosedReason(problem)] };
    }
    return {
      exitCode: 0,
      stderr: [...stderr, `ssg hook shell: ${problem} — the command was not evaluated (fail-open)`],
    };
  }
}

/**
 * The call to judge. `--command-from-env NAME` takes the command from a variable, which lets the sh wrapper pass
 * any command without escaping it into JSON and leaves its stdin to the command; otherwise stdin holds
 * `{"command": string, "cwd"?: string, "client"?: string}`.
 */
function shellCall(argv: readonly string[], { readInput, env }: HookShellContext): ToolCall {
  const client = env.SSG_CLIENT || 'generic';
  if (argv.length === 2 && argv[0] === '--command-from-env') {
    const command = env[argv[1]!];
    if (command === undefined) throw new InvalidToolCallError(`the variable ${argv[1]} is not set`);
    return { tool: 'bash', capability: 'execute', client, input: { command }, cwd: process.cwd() };
  }
  if (argv.length > 0) throw new InvalidToolCallError(`unexpected arguments '${argv.join(' ')}'`);
  const payload = parseJsonObject(readInput());
  const command = payload.command;
  if (typeof command !== 'string') {
    throw new InvalidToolCallError(`"command" must be a string, got ${describeJsonType(command)}`);
  }
  return {
    tool: 'bash',
    capability: 'execute',
    client: optionalString(payload, 'client') ?? client,
    input: { command },
    cwd: optionalString(payload, 'cwd') ?? process.cwd(),
  };
}

/**
 * Why the command must not run, or undefined when it may. With the daemon running an ASK has already been put to a
 * person (the approval queue); an ASK left here was evaluated in-process, with nobody to ask, so it stops.
 */
function refusalOf(result: EvalResult): string | undefined {
  switch (result.decision) {
    case 'block':
    case 'force':
      return denialReason(result);
    case 'ask': {
      const question = result.prompt ?? result.message;
      return (
        `ssg blocked this (rule ${result.ruleId ?? 'unnamed'}): it needs approval${question ? ` (${question})` : ''}, ` +
        'and no ssg daemon is running to ask for it (start it with `ssg daemon` to approve such commands).'
      );
    }
    default:
      return undefined;
  }
}
