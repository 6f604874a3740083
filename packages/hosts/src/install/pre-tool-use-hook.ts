// ssg's entry in a Claude-Code-shaped hook configuration (Claude Code's settings.json, Codex's hooks.json):
// `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":…,"timeout":10}]}]}}`.
// Our entry is recognised by its command string alone, so the user may change its matcher or timeout.
import { isJsonObject, type JsonObject } from '../config-edit/json-config';

/**
 * How long the host waits for our hook. Claude Code asks its user itself, so its hook only ever evaluates; a host
 * without a native ask (Codex) waits while the daemon holds an ASK for a person, up to the daemon's approval
 * timeout (60 s by default), so its hook gets that plus room to answer.
 */
export const HOOK_TIMEOUT_SECONDS = { evaluateOnly: 10, mayAwaitApproval: 90 } as const;

const isOurHook = (hook: unknown, command: string): boolean => isJsonObject(hook) && hook.command === command;

function preToolUseGroups(config: JsonObject): unknown[] | undefined {
  const hooks = config.hooks;
  return isJsonObject(hooks) && Array.isArray(hooks.PreToolUse) ? hooks.PreToolUse : undefined;
}

export function hasPreToolUseHook(config: unknown, command: string): boolean {
  if (!isJsonObject(config)) return false;
  return (preToolUseGroups(config) ?? []).some(
    (group) =>
      isJsonObject(group) && Array.isArray(group.hooks) && group.hooks.some((hook) => isOurHook(hook, command)),
  );
}

/** Appends our PreToolUse group unless a hook with `command` is already there. */
export function addPreToolUseHook(config: JsonObject, command: string, timeoutSeconds: number): void {
  if (hasPreToolUseHook(config, command)) return;
  if (config.hooks !== undefined && !isJsonObject(config.hooks)) throw new TypeError('"hooks" is not an object');
  const hooks = (config.hooks ??= {}) as JsonObject;
  if (hooks.PreToolUse !== undefined && !Array.isArray(hooks.PreToolUse)) {
    throw new TypeError('"hooks.PreToolUse" is not an array');
  }
  const groups = (hooks.PreToolUse ??= []) as unknown[];
  groups.push({ matcher: '*', hooks: [{ type: 'command', command, timeout: timeoutSeconds }] });
}

/**
 * Removes every hook with `command`, then the groups, the PreToolUse array and the hooks object this left
 * empty (install creates them when they are missing). Nothing changes when our hook is not there.
 */
export function removePreToolUseHook(config: JsonObject, command: string): void {
  const groups = preToolUseGroups(config);
  if (!groups || !hasPreToolUseHook(config, command)) return;
  const kept = groups.flatMap((group) => {
    if (!isJsonObject(group) || !Array.isArray(group.hooks)) return [group];
    const others = group.hooks.filter((hook) => !isOurHook(hook, command));
    if (others.length === group.hooks.length) return [group];
    return others.length === 0 ? [] : [{ ...group, hooks: others }];
  });
  const hooks = config.hooks as JsonObject;
  if (kept.length > 0) hooks.PreToolUse = kept;
  else delete hooks.PreToolUse;
  if (Object.keys(hooks).length === 0) delete config.hooks;
}
