// OpenCode's own `permission` maps, derived from the project's DENY and ASK rules, so OpenCode refuses or asks
// even where the ssg plugin does not run. Only what a glob pattern says exactly is translated: one condition per
// OR-group, not negated, on the field OpenCode matches (bash: the command, edit: the path, webfetch: the URL),
// with a literal value (no `*` or `?`, which would become wildcards). Everything else is counted as skipped.
import type { ConditionNode, RuleNode, Target } from '@ssg/engine';
import { isJsonObject, type JsonObject } from '../config-edit/json-config';

export type PermissionAction = 'deny' | 'ask';
/** Pattern → action, per OpenCode tool, in the order OpenCode must see them (the last match wins). */
export type PermissionMaps = Record<string, Record<string, string>>;

/** The OpenCode tool, and the rule field it matches patterns against, for each capability it can govern. */
const TOOL_FOR: Partial<Record<Target, { tool: string; field: string }>> = {
  execute: { tool: 'bash', field: 'command' },
  write: { tool: 'edit', field: 'path' },
  network: { tool: 'webfetch', field: 'input.url' },
};

const CATCH_ALL = '*';

export interface TranspiledPermissions {
  maps: PermissionMaps;
  /** DENY/ASK rules (or OR-groups of them) written as patterns. */
  translated: number;
  /** DENY/ASK rules with at least one OR-group that has no faithful pattern; left to the plugin. */
  skipped: number;
}

function patternOf(condition: ConditionNode): string | undefined {
  if (condition.negated || /[*?]/.test(condition.value) || condition.value === '') return undefined;
  switch (condition.op) {
    case 'EQUALS':
      return condition.value;
    case 'STARTS_WITH':
      return `${condition.value}*`;
    case 'ENDS_WITH':
      return `*${condition.value}`;
    case 'CONTAINS':
      return `*${condition.value}*`;
    default:
      return undefined;
  }
}

const actionOf = (rule: RuleNode): PermissionAction | undefined =>
  rule.decision === 'block' || rule.decision === 'force' ? 'deny' : rule.decision === 'ask' ? 'ask' : undefined;

/** The patterns of one rule, or undefined when any of its groups cannot be written faithfully. */
function rulePatterns(rule: RuleNode, field: string): string[] | undefined {
  // No IF: the rule covers every call of the tool, which is the catch-all.
  if (rule.groups.length === 0) return [CATCH_ALL];
  const patterns: string[] = [];
  for (const group of rule.groups) {
    const [only, ...more] = group;
    if (!only || more.length > 0 || only.kind !== 'condition' || only.field !== field) return undefined;
    const pattern = patternOf(only);
    if (pattern === undefined) return undefined;
    patterns.push(pattern);
  }
  return patterns;
}

const STRICTNESS: Record<string, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * The maps for the enabled DENY/ASK rules. Lower priorities come first so a higher-priority rule's pattern wins;
 * each map opens with the catch-all, `allow` unless an unconditional rule makes it stricter.
 */
export function transpilePermissions(rules: readonly RuleNode[]): TranspiledPermissions {
  const maps: PermissionMaps = {};
  let translated = 0;
  let skipped = 0;
  const ordered = rules
    .filter((rule) => rule.enabled && actionOf(rule) !== undefined)
    .sort((a, b) => a.priority - b.priority || STRICTNESS[actionOf(a)!]! - STRICTNESS[actionOf(b)!]!);
  for (const rule of ordered) {
    const tool = TOOL_FOR[rule.target];
    const patterns = tool && rulePatterns(rule, tool.field);
    if (!tool || !patterns) {
      skipped += 1;
      continue;
    }
    translated += 1;
    const map = (maps[tool.tool] ??= { [CATCH_ALL]: 'allow' });
    const action = actionOf(rule)!;
    for (const pattern of patterns) {
      if (pattern === CATCH_ALL && STRICTNESS[map[CATCH_ALL]!]! >= STRICTNESS[action]!) continue;
      delete map[pattern]; // re-added at the end, where it now wins
      map[pattern] = action;
    }
  }
  return { maps, translated, skipped };
}

/**
 * Takes out of `config.permission` the entries `previous` recorded as ours, where they still hold the value we
 * wrote (an entry the user changed is theirs now). Empty maps, and an empty `permission`, go too.
 */
export function removePermissions(config: JsonObject, previous: PermissionMaps): void {
  const permission = config.permission;
  if (!isJsonObject(permission)) return;
  for (const [tool, entries] of Object.entries(previous)) {
    const map = permission[tool];
    if (!isJsonObject(map)) continue;
    for (const [pattern, action] of Object.entries(entries)) if (map[pattern] === action) delete map[pattern];
    if (Object.keys(map).length === 0) delete permission[tool];
  }
  if (Object.keys(permission).length === 0) delete config.permission;
}

/**
 * Adds `wanted` to `config.permission` and answers what was actually written (to be recorded for the next run).
 * The user's entries win: a pattern they already have, or a tool they set to one action (`"bash": "ask"`), is
 * left as it is. The catch-all goes first in its map, since the last matching entry wins.
 */
export function addPermissions(config: JsonObject, wanted: PermissionMaps): PermissionMaps {
  if (config.permission !== undefined && !isJsonObject(config.permission)) {
    throw new TypeError('"permission" is not an object');
  }
  const written: PermissionMaps = {};
  for (const [tool, entries] of Object.entries(wanted)) {
    const permission = (config.permission ??= {}) as JsonObject;
    const current = permission[tool] ?? {};
    if (!isJsonObject(current)) continue;
    const ours: Record<string, string> = {};
    for (const [pattern, action] of Object.entries(entries)) if (!(pattern in current)) ours[pattern] = action;
    if (Object.keys(ours).length === 0) continue;
    const { [CATCH_ALL]: catchAll, ...rest } = ours;
    permission[tool] =
      catchAll === undefined ? { ...current, ...rest } : { [CATCH_ALL]: catchAll, ...current, ...rest };
    written[tool] = ours;
  }
  return written;
}
