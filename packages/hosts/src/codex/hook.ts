// `ssg hook codex --source=native`: Codex CLI's native PreToolUse hook (~/.codex/hooks.json). The payload is
// Claude Code's shape; the answer is silent unless the call is stopped, and every stop is a deny with a reason
// (Codex treats `ask` and a bare `allow` as a failed hook, which lets the call run). Failures let the call run
// with one line on stderr (fail-open), unless the fail-closed sentinel exists: then they deny.
import { codexAdapter } from './adapter';
import { permissionDecision } from '../adapter/pre-tool-use';
import { failClosedReason, isFailClosed } from '@ssg/node/fail-closed';
import type { HookOutput } from '../claude-code/hook';
import { preToolUseNotice } from '../adapter/pre-tool-use';
import { defaultHostHookContext, type HostHookContext, problemOf, runHostHook } from '../hook/host-hook';

/** The only source so far: Codex's own hook system. (Its MCP path does not go through a hook.) */
const SOURCE = '--source=native';

export function runHookCodex(argv: readonly string[], context = defaultHostHookContext()): Promise<HookOutput> {
  return runHostHook(
    {
      name: 'codex',
      parse: (raw) => {
        if (argv.length !== 1 || argv[0] !== SOURCE) {
          const got = argv.length === 0 ? 'no --source' : `'${argv.join(' ')}'`;
          throw new Error(`usage: ssg hook codex ${SOURCE} (got ${got})`);
        }
        return codexAdapter.parseInput(raw);
      },
      format: codexAdapter.formatOutput,
      // additionalContext without a permissionDecision: Codex fails a hook that answers `allow`.
      notice: preToolUseNotice,
      askSupported: false,
      honoursFailClosed: true,
      onFailure: (error) => codexFailure(error, context),
    },
    context,
  );
}

function codexFailure(error: unknown, { home }: HostHookContext): { stdout: string; outcome: string } {
  if (!isFailClosed(home)) return { stdout: '', outcome: 'the call was not evaluated (fail-open)' };
  return {
    stdout: permissionDecision('deny', failClosedReason(problemOf(error))),
    outcome: 'denied (fail-closed)',
  };
}
