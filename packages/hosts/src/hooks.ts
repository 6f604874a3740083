// The hosts that call a hook of their own (`ssg hook <name>`), by that name. Kept apart from the adapter and
// installer registries: the hook bundle loads this list only, never the installers and their config editors,
// because a hook runs before every tool call. Claude Code's `ssg hook eval` and the shell hook take no arguments
// and answer differently, so the CLI's dispatch names them itself.
import type { HookOutput } from './claude-code/hook';
import { runHookCodex } from './codex/hook';
import { runHookCopilot } from './copilot/hook';
import { runHookOpencode } from './opencode/hook';

export type HostHookEntry = (argv: readonly string[]) => Promise<HookOutput>;

const HOST_HOOKS: Readonly<Record<string, HostHookEntry>> = {
  codex: runHookCodex,
  copilot: runHookCopilot,
  opencode: runHookOpencode,
};

export const hostHookNamed = (name: string | undefined): HostHookEntry | undefined =>
  name !== undefined && Object.hasOwn(HOST_HOOKS, name) ? HOST_HOOKS[name] : undefined;
