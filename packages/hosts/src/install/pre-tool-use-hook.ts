// ssg's entry in a Claude-Code-shaped hook configuration (Claude Code's settings.json, Codex's hooks.json):
// `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":…,"timeout":10}]}]}}`.
// Our entry is recognised by the ssg arguments of its command (`hook eval`), whatever path names ssg in it (older
// versions wrote the bare `ssg`), so the user may change its matcher or timeout, and init can update the path.
import { isJsonObject, type JsonObject } from '../config-edit/json-config';
import { runsSsg } from './ssg-program';

/**
 * How long the host waits for our hook. Claude Code asks its user itself, so its hook only ever evaluates; a host
 * without a native ask (Codex) waits while the daemon holds an ASK for a person, up to the daemon's approval
 * timeout (60 s by default), so its hook gets that plus room to answer.
 */
export const HOOK_TIMEOUT_SECONDS = { evaluateOnly: 10, mayAwaitApproval: 90 } as const;

const isOurHook = (hook: unknown, args: string): boolean => isJsonObject(hook) && runsSsg(hook.command, args);

function preToolUseGroups(config: JsonObject): unknown[] | undefined {
  const hooks = config.hooks;
  return isJsonObject(hooks) && Array.isArray(hooks.PreToolUse) ? hooks.PreToolUse : undefined;
}

/** Our hook: where it is (for Codex's trust key) and what it says. */
export interface FoundHook {
  groupIndex: number;
  handlerIndex: number;
  group: JsonObject;
  hook: JsonObject;
}

export function findPreToolUseHook(config: unknown, args: string): FoundHook | undefined {
  if (!isJsonObject(config)) return undefined;
  const groups = preToolUseGroups(config) ?? [];
  for (const [groupIndex, group] of groups.entries()) {
    if (!isJsonObject(group) || !Array.isArray(group.hooks)) continue;
    const handlerIndex = group.hooks.findIndex((hook) => isOurHook(hook, args));
    if (handlerIndex >= 0) return { groupIndex, handlerIndex, group, hook: group.hooks[handlerIndex] as JsonObject };
  }
  return undefined;
}

export const hasPreToolUseHook = (config: unknown, args: string): boolean =>
  findPreToolUseHook(config, args) !== undefined;

/**
 * Appends our PreToolUse group running `program args`; when our hook is already there, only its command is brought
 * up to date (a program path that moved, the bare `ssg` of older versions), its matcher and timeout left as they are.
 */
export function addPreToolUseHook(config: JsonObject, program: string, args: string, timeoutSeconds: number): void {
  const command = `${program} ${args}`;
  const found = findPreToolUseHook(config, args);
  if (found) {
    if (found.hook.command !== command) found.hook.command = command;
    return;
  }
  if (config.hooks !== undefined && !isJsonObject(config.hooks)) throw new TypeError('"hooks" is not an object');
  const hooks = (config.hooks ??= {}) as JsonObject;
  if (hooks.PreToolUse !== undefined && !Array.isArray(hooks.PreToolUse)) {
    throw new TypeError('"hooks.PreToolUse" is not an array');
  }
  const groups = (hooks.PreToolUse ??= []) as unknown[];
  groups.push({ matcher: '*', hooks: [{ type: 'command', command, timeout: timeoutSeconds }] });
}

/**
 * Removes every hook running ssg with `args`, then the groups, the PreToolUse array and the hooks object this left
 * empty (install creates them when they are missing). Nothing changes when our hook is not there.
 */
export function removePreToolUseHook(config: JsonObject, args: string): void {
  const groups = preToolUseGroups(config);
  if (!groups || !hasPreToolUseHook(config, args)) return;
  const kept = groups.flatMap((group) => {
    if (!isJsonObject(group) || !Array.isArray(group.hooks)) return [group];
    const others = group.hooks.filter((hook) => !isOurHook(hook, args));
    if (others.length === group.hooks.length) return [group];
    return others.length === 0 ? [] : [{ ...group, hooks: others }];
  });
  const hooks = config.hooks as JsonObject;
  if (kept.length > 0) hooks.PreToolUse = kept;
  else delete hooks.PreToolUse;
  if (Object.keys(hooks).length === 0) delete config.hooks;
}
